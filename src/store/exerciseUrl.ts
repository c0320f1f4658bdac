/**
 * The exercise mode's parameters in the URL (issue 31): `exercise=1` opens the "Your strategy" editor, `yours=` carries
 * the learner's code, compressed (deflate-raw, then base64url: ui/exercise/codec.ts makes and reads it), `starter=` a
 * course page's plain starter code (at most CODE_MAX characters).
 *
 * Contract: pure; one table, read and written by the same code as the view's and the lab's (./params.ts). `yours` is
 * kept only when it is base64url text of at most YOURS_MAX characters (what it decodes to is checked where it is
 * decompressed); anything else is dropped and named in `rejected`. Written with the view's and the lab's, each side
 * keeps the others' parameters.
 */
import { flag, readParams, writeParams, type ParamTable } from './params';

export interface ExerciseParams {
  /** The "Your strategy" editor is open. */
  exercise?: boolean;
  /** The learner's code, compressed (deflate-raw, base64url): the editor opens with it and runs it. */
  yours?: string;
  /** Plain starter code from a course page, in place of the built-in one (run when the learner runs it). */
  starter?: string;
}

/** The longest code an exercise keeps or takes from a page (characters): a paste of a whole file is not an exercise. */
export const CODE_MAX = 200_000;

/** About 24 KB of compressed code: a long exercise still fits a URL a browser and a chat message carry. */
export const YOURS_MAX = 32_000;

export const EXERCISE_PARAMS: ParamTable<ExerciseParams> = {
  // as autoplay: present means on (`?exercise`, `<streamscope-player exercise>`), unless 0 / false
  exercise: { ...flag<ExerciseParams>('exercise'), parse: (v) => v !== '0' && v !== 'false' },
  yours: { name: 'yours', parse: (v) => (v.length > 0 && v.length <= YOURS_MAX && /^[A-Za-z0-9_-]+$/.test(v) ? v : undefined), serialize: (v) => v },
  starter: { name: 'starter', parse: (v) => (v.trim() !== '' && v.length <= CODE_MAX ? v : undefined), serialize: (v) => v },
};

export function parseExerciseParams(search: string): { exercise: ExerciseParams; rejected: string[] } {
  const { values, rejected } = readParams(EXERCISE_PARAMS, search);
  return { exercise: values, rejected };
}

export function exerciseSearch(values: ExerciseParams, current = ''): string {
  return writeParams(EXERCISE_PARAMS, values, current);
}
