// `TEST_TODAY=YYYY-MM-DD npx jest …` runs the node projects' tests with the machine's clock on that day; the product's
// clock in a file that fixes its day (useProductDay) keeps that day.
if (process.env.TEST_TODAY)
  require('./packages/service-kit/test/support/test-clock.ts').machineClockAt(process.env.TEST_TODAY);
