export { registerQrCodeAdminRoutes } from './qr-code-admin.routes';
export { registerQrCodeRoutes } from './qr-codes.routes';
export { qrCodeInfo } from './qr-codes.service';
export { deleteQrCodes } from './qr-codes.queries';
export { qrSvg } from './qr-image';
