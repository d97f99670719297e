// Sunrise and sunset, taken by path: bundled with the session form (the only screen that asks the sun), not offered
// by the shell to every screen.
export { ADELAIDE, sunTimes, suggestTimeOfDay, type Place } from '../../../packages/contracts/src/sun';
