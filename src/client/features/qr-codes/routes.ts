import type { RouteEntry } from '../../routing/types';

const read = () => import(/* webpackChunkName: "qr-codes" */ './screens/qr-code-read-screen');

/**
 * spec §3 feature key r_qr-code-read: a phone that scanned a level's or resource's QR code opens
 * /qrcode-read/{code} on the company host. Signing in comes first; spec §6 sends a signed-out user
 * to login keeping only the query, so the code has to be scanned again after signing in.
 */
export const qrCodeRoutes: readonly RouteEntry[] = [
  {
    name: 'r_qr-code-read',
    path: '/qrcode-read/:code',
    title: { code: 'qr-codes.read.title', english: 'Scanned code' },
    surface: 'browser',
    screen: read,
  },
];
