// User-facing strings of the 'lab' area that are part of the first page load: the teaching tools' bar, presenter
// mode and the lesson tour (its region, steps and errors), in English. Keys are flat and prefixed 'lab.'.
// The rest of the area (instructor lab, matrix) is in ./lab.ts, registered when those views load.
// English is the source of the keys (MessageKey); the Chinese is in ./zh/teaching.ts, typed complete against it,
// and each loads only for a reader of its language (../index.ts, loadLanguage).
export const en = {
    'lab.bar.label': 'Teaching tools',
    'lab.bar.lab': 'Instructor lab',
    'lab.bar.matrix': 'Strategy matrix',
    'lab.bar.tour': 'Lesson tour',
    'lab.bar.presenter': 'Presenter mode (P)',
    'lab.bar.presenterExit': 'Leave presenter mode (P)',
    'lab.bar.faultsOn': 'Faults on: {n}',
    'lab.bar.loadFailed': 'The instructor lab’s code could not be loaded ({message}). Nothing changed; click again to retry.',
    'lab.tour.error.id': 'There is no tour named “{id}” (a tour id is letters, digits, - and _).',
    'lab.tour.error.fetch': 'The tour “{id}” could not be loaded: {message}',
    'lab.tour.error.json': 'The tour “{id}” is not valid JSON: {message}',
    'lab.tour.error.format': 'The tour “{id}” has a problem at {path}: expected {expected}.',
    'lab.presenter.hint': 'Presenter mode: P leaves it, Page Down / Page Up move through the tour, the arrows step frames.',
    "code.open": "Strategy code",
};
