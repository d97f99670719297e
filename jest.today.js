// `TEST_TODAY=YYYY-MM-DD npx jest …` runs the node projects' tests as on that day; a file that pins its own day
// (runAsOn) keeps it.
if (process.env.TEST_TODAY) require('./packages/service-kit/src/test-clock.ts').runAsOn(process.env.TEST_TODAY);
