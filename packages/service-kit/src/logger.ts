import pino from 'pino';

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { service: process.env.SERVICE_NAME },
  redact: {
    paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.studentPassword'],
    remove: true,
  },
});
