export { WALLET_KEY, useWallet } from './api/wallet';
export { PaymentSuccessPage } from './components/payment-success-page';
export { WalletPage } from './components/wallet-page';
