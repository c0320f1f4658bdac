/**
 * Where the recorder writes (`--out`), without ever clobbering, following a link or removing what it did not make.
 *
 * Contract:
 * - `checkOut(out, bodyFile, force)`: null when the recording may go to `out`, else one line saying why not (the
 *   CLI exits 2 with it, before anything is sent or written). Refused: `out` is a symbolic link (checked with lstat,
 *   never followed, even with --force); `out` exists and is not a regular file; `out` exists and `force` is false;
 *   `out` is the `--body` file (same real path, or the same file by device and inode: a hard link); its folder does
 *   not exist or is not a folder.
 * - `createTemp(out)`: a new file beside `out`, `<out>.partial-<pid>[-n]`, opened with O_CREAT | O_EXCL | O_NOFOLLOW
 *   (so it never opens an existing file or a link planted under that name); `{fd, path}`, or one line saying why
 *   it cannot. The recording is written there while it runs: a crash or a second Ctrl-C leaves it under that name
 *   (the recorder prints it when it starts), and `out` is untouched until the end.
 * - `commitTemp(temp, out, force)`: puts the finished temporary file in place of `out`. With `force`, an atomic
 *   rename (a link at `out` that appeared meanwhile is replaced itself, never followed). Without, a hard link that
 *   fails if `out` exists by now (then the temporary file is kept and the message names it), then the temporary
 *   name is removed; where the file system has no hard links, a rename after checking `out` is still absent.
 *   Returns null, or one line saying what went wrong and where the recording is.
 * - `removeOwn(path)`: removes a file this recorder created (its temporary file); true when it is gone.
 */
import { closeSync, constants, linkSync, lstatSync, openSync, realpathSync, renameSync, statSync, unlinkSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const code = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The real path of `path`'s folder joined with its name (the file itself need not exist, nor be resolved). */
function realTarget(path: string): string {
  const abs = resolve(path);
  return join(realpathSync(dirname(abs)), basename(abs));
}

export function checkOut(out: string, bodyFile: string, force: boolean): string | null {
  const folder = dirname(resolve(out));
  try {
    if (!statSync(folder).isDirectory()) return `--out ${out}: ${folder} is not a folder`;
  } catch (e) {
    return `--out ${out}: cannot write it (${code(e)}: its folder ${folder} is not there)`;
  }
  let st: Stats | null;
  try {
    st = lstatOrNull(out);
  } catch (e) {
    return `--out ${out}: cannot check it (${code(e)})`;
  }
  if (st?.isSymbolicLink()) return `--out ${out} is a symbolic link: the recorder never writes through a link (remove the link, or give the file it points to)`;
  if (st && !st.isFile()) return `--out ${out} exists and is not a regular file`;
  try {
    const body = statSync(bodyFile);
    const same = (st !== null && st.dev === body.dev && st.ino === body.ino) || realTarget(out) === realpathSync(bodyFile);
    if (same) return `--out ${out} is the --body file: the recording would replace the request it sends`;
  } catch {
    // the body was read when the options were parsed; a body that is gone now cannot be the output
  }
  if (st && !force) return `--out ${out} already exists: give --force to replace it (it is replaced only once the recording ends)`;
  return null;
}

const FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export function createTemp(out: string): { fd: number; path: string } | { error: string } {
  const base = `${out}.partial-${process.pid}`;
  for (let n = 0; n < 100; n++) {
    const path = n === 0 ? base : `${base}-${n}`;
    try {
      return { fd: openSync(path, FLAGS, 0o644), path };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' || (e as NodeJS.ErrnoException).code === 'ELOOP') continue;
      return { error: `--out ${out}: cannot write it (${code(e)})` };
    }
  }
  return { error: `--out ${out}: cannot write it (100 files named ${base}-N are already there)` };
}

export function commitTemp(temp: string, out: string, force: boolean): string | null {
  try {
    if (force) {
      renameSync(temp, out);
      return null;
    }
    try {
      linkSync(temp, out);
    } catch (e) {
      const c = (e as NodeJS.ErrnoException).code;
      if (c === 'EEXIST') return `${out} appeared while recording and was left as it is; the recording is in ${temp}`;
      if (c !== 'EPERM' && c !== 'ENOTSUP' && c !== 'EOPNOTSUPP' && c !== 'EXDEV') throw e;
      // no hard links here (some mounted file systems): a rename, once `out` is still absent
      if (lstatOrNull(out) !== null) return `${out} appeared while recording and was left as it is; the recording is in ${temp}`;
      renameSync(temp, out);
      return null;
    }
    unlinkSync(temp);
    return null;
  } catch (e) {
    return `could not put the recording in place as ${out} (${code(e)}); it is in ${temp}`;
  }
}

export function removeOwn(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Closes a descriptor, ignoring a second close. */
export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
