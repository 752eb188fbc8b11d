export { EmailSent } from './components/email-sent';
export { EmailVerification } from './components/email-verification';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm, redirectTarget } from './components/login-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { SignOut } from './components/sign-out';
export { SignupConfirm } from './components/signup-confirm';
export { SignupForm } from './components/signup-form';
export { SocialCallback } from './components/social-callback';
