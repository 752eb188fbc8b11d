/** The payment routes' answers, generated from the API's OpenAPI document. */
import type { ChargeReply, CurrentPlan, NextCharge, PackageView, PaymentLog, PaymentLogPage, SubscriptionView } from '@/types/api.gen';

export type { ChargeReply, CurrentPlan, NextCharge, PaymentLog, PaymentLogPage };
export type Package = PackageView;
export type Subscription = SubscriptionView;
