// ES module entry to the stack starter; CommonJS code and jest tests require('./stack.cjs') directly.
import stack from './stack.cjs';

export const { ROOT, freePort, startProcess, startStack, stopProcess } = stack;
