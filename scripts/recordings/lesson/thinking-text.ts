/**
 * The reasoning text of the reconstructed thinking turn (filled in; the lesson publishes only its timing).
 * Contract: data only, plain ASCII, long enough to give 697 token-like pieces.
 */
export const REASONING_TEXT = `Okay, let me think about what the user wants. They want parseDate(text) in src/parseDate.js to accept two formats, YYYY-MM-DD and DD/MM/YYYY, return a Date in UTC, and return null for anything else, including impossible dates such as 2024-02-30. There is also a test file, test/parseDate.test.js, that should pass when I am done.

I do not know the layout of the repository yet. I should not guess file contents; the tools let me list files and read them, so the first step is to look around. Let me list the files at the root to see what is there: probably a package.json, a src directory and a test directory.

Then I should read the current implementation. It might use new Date(text) directly, which is a common mistake: new Date accepts many formats, parses YYYY-MM-DD as UTC but other strings as local time, and rolls impossible days over into the next month, so 2024-02-30 would silently become March 1st. That would explain a failing test about impossible dates, if there is one.

For DD/MM/YYYY, new Date would read 05/03/2024 as May 3rd in the US order, or not at all, so that format needs its own handling too. A robust approach is a regular expression per format, then Date.UTC(year, month - 1, day), then a check that the year, month and day read back unchanged; if they do not, the date was impossible and the function should return null.

I also need to know how the tests are run. If package.json has a test script with node --test, I can use run_tests with a filter for parseDate. Before I change anything I should run the tests once, so that I know which ones fail now and can see later that my change fixed them without breaking the one that passes.

So the plan is: list files, read the implementation and the test, run the tests, rewrite the function, run the tests again. Let me start with listing the repository files at the root.`;
