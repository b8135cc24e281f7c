/** qrcode's encoder alone (`qrcode/lib/core/qrcode.js`), which the package ships without types of its own. */
declare module 'qrcode/lib/core/qrcode.js' {
  export const create: typeof import('qrcode').create;
}
