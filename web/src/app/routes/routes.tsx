import { type ComponentType, Suspense, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-states';
import {
  EmailSent,
  EmailVerification,
  ForgotPasswordForm,
  LoginForm,
  ResetPasswordForm,
  SignOut,
  SignupConfirm,
  SignupForm,
  SocialCallback,
} from '@/features/auth';
import { AiEnhancerPage, AiWritingSettingsPage, ProductCopyPage } from '@/features/ai-writing';
import { BillingPage, ChangePlanPage, PricingPage } from '@/features/billing';
import { BindPlatform, ShopifyCallback, ShopifyInstall } from '@/features/channels';
import { LandingPage, RecommendedAppsPage, StoreDropshippingPage } from '@/features/marketing';
import { NotificationSettingsPage, NotificationsPage } from '@/features/notifications';
import { GuidePage } from '@/features/quick-start';
import { InspectionPage } from '@/features/store-inspection';
import { AccountSettings } from './account-settings';
import { AppShell } from './app-shell';
import { AuthLayout } from './auth-layout';
import { ChannelRoute } from './channel-route';
import { ComingSoon } from './coming-soon';
import { CommunityPage } from './community';
import { HomePage } from './home';
import { ManagePage } from './manage';
import { NotFound } from './not-found';
import { APP_PLACEHOLDER_PAGES, PUBLIC_PLACEHOLDER_PAGES } from './paths';
import { PublicLayout } from './public-layout';
import { GuestOnly, RequireAuth, RootLayout, RouteError } from './root-layout';
import { WelcomePage } from './welcome';

type ProductRoutes = typeof import('./product-routes');
type OrderRoutes = typeof import('./orders-routes');

/** A product page (find, favourites, import list, editor, pricing settings, mapping, product center), loaded in its own chunk on first use. */
function productPage(name: keyof ProductRoutes) {
  const Page: ComponentType = lazy(() => import('./product-routes').then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

/** An order, wallet or automation page, loaded in its own chunk on first use. */
function orderPage(name: Exclude<keyof OrderRoutes, 'WALLET_PATH' | 'AUTOMATION_PATH' | 'ORDERS_PATH'>) {
  const Page: ComponentType = lazy(() => import('./orders-routes').then((m) => ({ default: m[name] })));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const PublicTracking: ComponentType = lazy(() => import('./public-tracking-route').then((m) => ({ default: m.PublicTrackingRoute })));

/** The whole route tree (spec section 2). Unknown paths render the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: '/',
            element: (
              <GuestOnly>
                <LandingPage />
              </GuestOnly>
            ),
          },
          { path: '/store-dropshipping', element: <StoreDropshippingPage /> },
          { path: '/recommended/apps', element: <RecommendedAppsPage /> },
          { path: '/public/pricing', element: <PricingPage /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: '/login',
            element: (
              <GuestOnly>
                <LoginForm />
              </GuestOnly>
            ),
          },
          {
            path: '/signup',
            element: (
              <GuestOnly>
                <SignupForm />
              </GuestOnly>
            ),
          },
          { path: '/signup/email-resend', element: <EmailSent variant="signup" /> },
          { path: '/signup/confirm', element: <SignupConfirm /> },
          { path: '/forgot-password', element: <ForgotPasswordForm /> },
          { path: '/forgot-password/email-resend', element: <EmailSent variant="forgot" /> },
          { path: '/reset-password', element: <ResetPasswordForm /> },
          { path: '/auth/email-verification', element: <EmailVerification /> },
          { path: '/signout', element: <SignOut /> },
          { path: '/auth/:social/callback', element: <SocialCallback /> },
        ],
      },
      // Shopify sends the browser back here after an app install (the API call needs the session).
      {
        path: '/callback',
        element: (
          <RequireAuth>
            <ShopifyCallback />
          </RequireAuth>
        ),
      },
      {
        path: '/install',
        element: (
          <RequireAuth>
            <ShopifyInstall />
          </RequireAuth>
        ),
      },
      // The public tracking page: no sign-in, outside the shell.
      {
        path: '/tracking/:orderId',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <PublicTracking />
          </Suspense>
        ),
      },
      ...PUBLIC_PLACEHOLDER_PAGES.map((page) => ({
        path: page.path,
        element: <ComingSoon title={page.title} homePath="/" />,
      })),
      {
        path: '/app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'ob-welcome', element: <WelcomePage /> },
          { path: 'guide-line', element: <GuidePage /> },
          { path: 'manage', element: <ManagePage /> },
          { path: 'community', element: <CommunityPage /> },
          // The spec lists /app/list among the product pages; the product list is the product center.
          { path: 'list', element: <Navigate to="/app/products-center" replace /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'recent-notification', element: <NotificationsPage /> },
          { path: 'setting', element: <Navigate to="/app/setting/account" replace /> },
          { path: 'setting/account', element: <AccountSettings /> },
          { path: 'setting/notification', element: <NotificationSettingsPage /> },
          { path: 'setting/billing', element: <BillingPage /> },
          { path: 'setting/billing-plan/change-plan', element: <ChangePlanPage /> },
          { path: 'channel', element: <ChannelRoute /> },
          { path: 'setting/channel', element: <ChannelRoute /> },
          { path: 'auth/bind/platform', element: <BindPlatform /> },
          { path: 'auth/bind/aliexpress', element: orderPage('AliExpressBindRoute') },
          { path: 'store-analytics', element: <InspectionPage /> },
          { path: 'find-product', element: productPage('FindProductRoute') },
          { path: 'find-product/collection', element: productPage('CollectionsRoute') },
          { path: 'find-product/favorite-supplier', element: productPage('FavouritesRoute') },
          { path: 'find-product/:collectionId', element: productPage('FindProductRoute') },
          { path: 'find-product/:productSource/detail/:productId/:shipTo', element: productPage('ProductDetailRoute') },
          { path: 'products-import', element: productPage('ImportListRoute') },
          { path: 'products-import/editor/:productCenterId', element: productPage('EditorRoute') },
          { path: 'setting/product', element: productPage('ProductSettingsRoute') },
          { path: 'setting/integration/ai-writing', element: <AiWritingSettingsPage /> },
          { path: 'setting/integration/product-copy', element: <ProductCopyPage /> },
          { path: 'ob-ai-enhancer', element: <AiEnhancerPage /> },
          { path: 'products', element: productPage('ProductsRoute') },
          { path: 'products/map/:id', element: productPage('MapProductRoute') },
          { path: 'products/auto-update', element: productPage('AutoUpdateRoute') },
          { path: 'products-center', element: productPage('ProductCenterRoute') },
          { path: 'products-center/editor/:productCenterId', element: productPage('ProductCenterEditorRoute') },
          { path: 'orders', element: orderPage('OrdersRoute') },
          { path: 'v2/orders', element: orderPage('OrdersRoute') },
          { path: 'orders/create', element: orderPage('CreateOrderRoute') },
          { path: 'orders/detail/:orderId/:orderStatus', element: orderPage('OrderDetailRoute') },
          { path: 'orders/payment-confirmation', element: orderPage('PaymentConfirmationRoute') },
          { path: 'orders/payment-success', element: orderPage('PaymentSuccessRoute') },
          { path: 'setting/wallet', element: orderPage('WalletRoute') },
          { path: 'setting/order/order-placement', element: orderPage('AutomationRoute') },
          { path: 'manage/tracking', element: orderPage('ManageTrackingRoute') },
          { path: 'tracking-center', element: <Navigate to="/app/tracking-center/import-list" replace /> },
          { path: 'tracking-center/import-list', element: orderPage('TrackingCenterRoute') },
          { path: 'tracking-center/supplier-available', element: orderPage('TrackingCenterRoute') },
          { path: 'tracking-center/supplier-unavailable', element: orderPage('TrackingCenterRoute') },
          ...APP_PLACEHOLDER_PAGES.map((page) => ({ path: page.path, element: <ComingSoon title={page.title} /> })),
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
