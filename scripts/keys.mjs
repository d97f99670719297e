// Prints a new ES256 key pair as one-line .env entries.
import crypto from 'node:crypto';

const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const oneLine = (pem) => pem.trim().replace(/\n/g, '\\n');
console.log(`JWT_PUBLIC_KEY="${oneLine(publicKey)}"`);
console.log(`JWT_PRIVATE_KEY="${oneLine(privateKey)}"`);
