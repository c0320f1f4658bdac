// The words of the notices the store raises and the status line shows (ui/shell/LoadStatus.tsx), in English: a
// recording that cannot be opened or analysed, a refused rec= or page command, a file too large, kept or forgotten,
// a host= the player cannot trust, a parameter ignored. No view renders these keys itself: LoadStatus loads them
// (with the 'load' area's, ./load.ts) the first time it has a notice to show (../notices.ts), so a page that opens
// its recording without trouble never fetches them. Notices the network's failure raises (a fetch, the index, a
// chunk that did not load) stay in the first view's areas: their words must not need the network.
// The Chinese is ./zh/notices.ts, typed complete against it.
export const en = {
  'app.error.unknownRecording': 'There is no recording named “{id}”.',
  'app.error.unknownFile': 'The file “{name}” is no longer open.',
  'app.error.tooLarge': '{name} is {size} MB: larger than the {limit} MB limit, so it was not opened.',
  'app.error.tooLargeWhileReading': '{name} passed the {limit} MB limit while it was arriving (the server did not say its size), so reading stopped and it was not opened.',
  'app.error.analyze': 'Analysing {name} failed: {message}',
  'app.error.load': '{name} could not be read: {message}',
  'app.error.loadAtLineByte': '{name} could not be read: {message}',
  'app.error.loadAtLine': '{name} could not be read: {message}',
  'app.error.loadAtByte': '{name} could not be read: {message}',
  'app.error.cancelled': 'Loading was cancelled.',
  'app.warn.index': 'Recordings index: {problem}',
  'app.warn.url': 'Ignored URL parameter: {param}',
  'app.warn.attribute': 'Ignored attribute: {param}',
  'app.warn.fileStore': 'Your files could not be kept in this browser: {message}',
  'files.removed': '“{name}” was removed from your files.',
  'files.renamed': 'Another file named “{name}” is already in your files: this one is kept beside it as “{kept}”.',
  'files.quota': '“{name}” is open, but it could not be kept in this browser: the storage this browser gives the site is full. Forget a file you no longer need, then open it again.',
  'files.drop.none': 'Nothing to open: drop a file, not text or a link.',
  'files.drop.many': 'Only one file at a time: opening “{name}”.',
  'files.tooLarge': '“{name}” is {size} MB: larger than the {limit} MB limit, so it was not opened.',
  'files.readError': 'Could not read “{name}”: {message}',
  'embed.command.refused': 'The page’s {command} was not carried out: its {field} is refused ({reason}).',
  'files.rec.refused':
    'Not loading “{value}”: rec= opens only this site’s recordings (an id from the list or a path under recordings/) and https URLs of {origins}.',
  'files.rec.refusedNoOrigins':
    'Not loading “{value}”: rec= opens only this site’s recordings (an id from the list or a path under recordings/); no other site is allowed.',
  'embed.host.unknown': 'This player cannot tell which page embedded it, so it neither sends nor accepts messages: add host=<the page’s origin> to its address.',
  'embed.host.invalid': 'host=“{value}” is not an http(s) origin, so this player neither sends nor accepts messages.',
  'embed.host.mismatch': 'host= names {configured}, but this player is embedded by {actual}: it neither sends nor accepts messages.',
};
