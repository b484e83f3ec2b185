import type { Generated } from 'kysely';

/**
 * Row types of every table. Times are epoch milliseconds (BIGINT on PostgreSQL, INTEGER on SQLite);
 * booleans are 0/1 integers; JSON is text. These types never leave repositories and services.
 */
export interface Database {
  exam_categories: { id: number; key: string; sort: number };
  exams: {
    id: number;
    code: string;
    kind: 'iq' | 'personality';
    category_id: number;
    question_count: number;
    option_count: number;
    parts: number;
    time_limit_seconds: number;
    sort: number;
    active: number;
  };
  exam_languages: { exam_id: number; hl: string; sort: number };
  protocols: {
    id: Generated<number>;
    exam_id: number;
    kind: 'terms' | 'privacy';
    version: string;
    effective_date: string;
  };
  protocol_translations: { protocol_id: number; hl: string; title: string; body: string; updated_at: number };
  help_articles: {
    id: Generated<number>;
    exam_id: number;
    section: string;
    slug: string;
    sort: number;
    updated_at: number;
  };
  help_article_translations: { article_id: number; hl: string; title: string; summary: string; body: string };
  page_views: {
    id: Generated<number>;
    logid: string | null;
    uid: string | null;
    hl: string | null;
    exam_id: number | null;
    app_exam_id: number | null;
    url: string | null;
    app_version: string | null;
    created_at: number;
    /** The landing variant viewed ('' when the page is not a landing) and the event (a view). */
    variant: Generated<string>;
    event: Generated<string>;
  };
  /** Page views rolled up per UTC day (YYYY-MM-DD), landing variant, language and event (retention job). */
  page_view_days: { day: string; variant: string; hl: string; event: string; n: number };
  /** Running aggregates of scored sessions (decision 0026): country '' is unknown. */
  score_country_totals: { exam_id: number; country: string; scored: number; numbered: number; iq_tenths_sum: number };
  /** Scored sessions per country and IQ shown (whole points; 0 below the range). */
  score_country_levels: { exam_id: number; country: string; iq: number; n: number };
  /** Scored sessions per exam and epoch hour of scoring. */
  score_hours: { exam_id: number; hour: number; n: number };
  /** A scheduled job's lease (one instance at a time) and how far its work is done (epoch ms). */
  job_leases: { name: string; holder: string | null; locked_until: number; done_through: number };
  logids: { logid: string; app_exam_id: number; created_at: number };
  support_tickets: {
    id: Generated<number>;
    public_id: string;
    name: string;
    email: string;
    topic: string;
    message: string;
    order_number: string | null;
    exam_id: number;
    hl: string;
    created_at: number;
    status: Generated<'open' | 'done'>;
    done_at: number | null;
    /** 1 for a VIP member's ticket: answered first (the membership's priority support). */
    priority: Generated<number>;
  };
  /** Replies an operator sent to a ticket (modules/support). */
  support_replies: { id: Generated<number>; ticket_id: string; author: string; message: string; created_at: number };
  mail_outbox: {
    id: Generated<number>;
    dedupe_key: string | null;
    template: string;
    locale: string;
    to_address: string;
    payload: string;
    status: 'pending' | 'sending' | 'sent' | 'failed';
    attempts: number;
    next_attempt_at: number;
    locked_until: number | null;
    last_error: string | null;
    message_id: string;
    sent_at: number | null;
    created_at: number;
  };
  local_mailbox: {
    id: Generated<number>;
    outbox_id: number;
    to_address: string;
    from_address: string;
    subject: string;
    html: string;
    text: string;
    created_at: number;
  };
  rate_limit_hits: { key: string; window_start: number; count: number };
  /** An order's address proven by a followed e-mail link (member discount and VIP follow proven addresses only). */
  email_proofs: { order_number: string; email: string; proven_at: number };
  app_secrets: { name: string; value: string; created_at: number };
  exam_sessions: {
    id: string;
    exam_id: number;
    seed: string;
    form_version: number;
    /** JSON of the engine's ScoringKey: never leaves the server. */
    scoring_key: string;
    locale: string;
    status: 'active' | 'confirmed' | 'scored' | 'abnormal';
    started_at: number;
    deadline_at: number;
    confirmed_at: number | null;
    scored_at: number | null;
    result: string | null;
    validity: string | null;
    /** ISO 3166 alpha-2, from the trusted country header; null when unknown. */
    country: string | null;
    iq_score: number | null;
    /** The scoring rules the session is scored under: 1 (scoreIq, fixed form) or 2 (scoreSession, routed). */
    scoring_version: number;
    /** Version 2: the modules chosen so far, one digit per routed part ('' before part 2, then '2', '20'). */
    route: string;
    /** The landing variant of the visit that started the test ('' for none): the funnel's attribution. */
    landing_variant: string;
  };
  /** A test form's parts as drawn, for every instance to read (migration 0025); owned by modules/exam. */
  exam_drawn_parts: {
    session_id: string;
    route: string;
    locale: string;
    form_version: number;
    questions_br: Buffer;
    created_at: number;
  };
  session_answers: {
    session_id: string;
    item_id: string;
    choice: number | null;
    time_ms: number;
    first_choice_ms: number | null;
    changes: number;
    focus_losses: number;
    updated_at: number;
  };
  exam_orders: {
    order_number: string;
    session_id: string;
    exam_id: number;
    status: 'pending_payment' | 'paid' | 'refunded';
    locale: string;
    email: string | null;
    consent: string | null;
    created_at: number;
    updated_at: number;
    /** Set when paid: the price table, tier and price of the purchase. */
    country: string | null;
    sku_id: string | null;
    currency: string | null;
    amount_minor: number | null;
    promo_code: string | null;
    paid_payment_id: string | null;
    /** The offer price holds until this time; set when the order first sees its offer. */
    offer_deadline_at: number | null;
    paid_at: number | null;
    /** The certificate's serial (unguessable; its verification page's key), set when first issued. */
    certificate_serial: string | null;
    /** The name printed on the certificate, asked once on the download screen. */
    certificate_name: string | null;
    certificate_issued_at: number | null;
    /** The session's landing variant ('' for none): the funnel's attribution. */
    landing_variant: string;
  };
  skus: {
    exam_id: number;
    sku_id: string;
    tier: number;
    recommended: number;
    /** JSON array of feature ids, named through the `catalog` locale namespace. */
    features: string;
    /** JSON array of entitlements (what the report unlocks). */
    entitlements: string;
    active: number;
  };
  sku_prices: {
    exam_id: number;
    sku_id: string;
    country: string;
    currency: string;
    list_minor: number;
    offer_minor: number;
  };
  /** The tier prices an order was shown, per price table's country (decision 0038): what it pays. */
  order_prices: {
    order_number: string;
    country: string;
    sku_id: string;
    currency: string;
    list_minor: number;
    offer_minor: number;
    created_at: number;
  };
  /** What the operator sets besides prices (the offer's length); no row: the configured default. */
  catalogue_settings: {
    name: string;
    int_value: number;
    updated_at: number;
  };
  promo_codes: {
    code: string;
    percent_off: number;
    starts_at: number | null;
    expires_at: number | null;
    max_redemptions: number | null;
    redemptions: Generated<number>;
    active: number;
    demo: number;
    created_at: number;
  };
  reviews: {
    id: Generated<number>;
    exam_id: number;
    /** The paid order of the buyer who wrote it (verified buyer); null for demo content. */
    order_number: string | null;
    name: string;
    country: string | null;
    locale: string;
    rating: number;
    content: string;
    status: 'pending' | 'approved' | 'rejected';
    demo: number;
    created_at: number;
    /** The operator's public reply, shown under the review. */
    reply: string | null;
    replied_at: number | null;
    moderated_at: number | null;
  };
  /** The optional "about you" form of a test session (issue 20). */
  session_profiles: {
    session_id: string;
    first_name: string;
    last_name: string;
    email: string;
    /** Kept only with `norms_consent` (norms by age group later); null otherwise. */
    birth_year: number | null;
    gender: 'male' | 'female' | 'confidential' | null;
    /** ISO 3166 alpha-2 the visitor chose; kept only with `norms_consent`. */
    country: string | null;
    norms_consent: number;
    consented_at: number | null;
    created_at: number;
    updated_at: number;
  };
  /** The ad attribution of an order, sent by the buyer's browser when ad consent was given. */
  order_attributions: {
    order_number: string;
    logid: string;
    /** JSON: the click identifiers present (fbclid, ttclid …), by parameter name. */
    click_ids: string;
    page_url: string | null;
    user_agent: string | null;
    created_at: number;
  };
  /** Purchases to send to the ad providers' conversion APIs (server side), one row per provider and order. */
  conversion_outbox: {
    id: Generated<number>;
    provider: string;
    /** The visit's log id: the browser pixel's event id, so the provider counts the purchase once. */
    event_id: string;
    order_number: string;
    payload: string;
    status: 'pending' | 'sending' | 'sent' | 'failed';
    attempts: number;
    next_attempt_at: number;
    locked_until: number | null;
    last_error: string | null;
    sent_at: number | null;
    created_at: number;
  };
  payments: {
    id: string;
    order_number: string;
    /** The browser's key of one checkout attempt: unique per order, so a repeated create is the same payment. */
    checkout_key: string;
    provider: 'sandbox' | 'stripe' | 'paypal';
    method: 'card' | 'paypal';
    sku_id: string;
    country: string;
    currency: string;
    amount_minor: number;
    promo_code: string | null;
    /** Set when the attempt pays the first charge of a plan (its trial, or its first period). */
    plan_id: string | null;
    /** The processor's own subscription when it bills the plan itself (Stripe Billing). */
    processor_subscription_ref: string | null;
    /** Set when the attempt pays an extra after the first payment (its package id). */
    package_id: string | null;
    email: string;
    locale: string;
    /** JSON: terms accepted, version, time and the price shown. */
    consent: string;
    status: 'created' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
    provider_ref: string | null;
    failure_code: string | null;
    /** A second successful payment for an already paid order is refunded. */
    refund_status: 'pending' | 'refunded' | null;
    created_at: number;
    updated_at: number;
    settled_at: number | null;
    /** The order's landing variant ('' for none): the funnel's attribution. */
    landing_variant: string;
  };
  payment_events: {
    provider: string;
    event_id: string;
    type: string;
    ref: string | null;
    received_at: number;
    processed_at: number | null;
  };
  sandbox_payments: {
    id: string;
    idempotency_key: string;
    kind: 'card' | 'paypal';
    amount_minor: number;
    currency: string;
    description: string;
    locale: string;
    status: 'requires_payment_method' | 'requires_action' | 'approved' | 'succeeded' | 'failed' | 'canceled';
    failure_code: string | null;
    card_brand: string | null;
    card_last4: string | null;
    return_url: string;
    cancel_url: string;
    refunded: number;
    /** 1 when the payer agreed to keep the method for later charges (a plan's renewals). */
    save_method: number;
    payment_method_id: string | null;
    created_at: number;
    updated_at: number;
  };
  sandbox_payment_methods: {
    id: string;
    kind: 'card' | 'paypal';
    card_brand: string | null;
    card_last4: string | null;
    /** 1 once the method declines every charge (simulates a card that expired or was blocked). */
    failing: number;
    created_at: number;
  };
  sandbox_events: {
    id: string;
    payment_id: string;
    type: string;
    status: 'pending' | 'delivered';
    attempts: number;
    next_attempt_at: number;
    created_at: number;
    delivered_at: number | null;
  };
  plans: {
    exam_id: number;
    plan_id: string;
    billing_interval: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
    interval_count: number;
    trial_days: number;
    /** The report tier the plan's first payment unlocks for the order. */
    includes_sku_id: string;
    /** JSON: feature ids (texts in the catalog namespace). */
    features: string;
    sort: number;
    active: number;
  };
  plan_prices: {
    exam_id: number;
    plan_id: string;
    country: string;
    currency: string;
    /** Billed each period, in minor units. */
    amount_minor: number;
    /** Charged today for the trial; null for plans without one. */
    trial_amount_minor: number | null;
  };
  /** The plan prices an order was shown, per price table's country (decision 0038): what its plan starts at. */
  order_plan_prices: {
    order_number: string;
    country: string;
    plan_id: string;
    currency: string;
    amount_minor: number;
    trial_amount_minor: number | null;
    created_at: number;
  };
  subscriptions: {
    id: string;
    order_number: string;
    exam_id: number;
    plan_id: string;
    /** The payment that started it: unique, so a replayed settlement starts nothing twice. */
    first_payment_id: string;
    email: string;
    locale: string;
    country: string;
    currency: string;
    amount_minor: number;
    billing_interval: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
    interval_count: number;
    provider: 'sandbox' | 'stripe' | 'paypal';
    method: 'card' | 'paypal';
    /** The processor's saved payment method, charged by the scheduler at each renewal. */
    method_ref: string | null;
    /**
     * merchant: our scheduler charges `method_ref` at each renewal (sandbox). processor: the processor bills
     * (Stripe Billing, `processor_ref`) and its webhooks tell us of each invoice.
     */
    billed_by: 'merchant' | 'processor';
    processor_ref: string | null;
    /** trialing, active, past_due: charges continue; canceled: ended, nothing more is charged. */
    status: 'trialing' | 'active' | 'past_due' | 'canceled';
    trial_end_at: number | null;
    /** 0 for the trial (or first paid period), then +1 per renewal. */
    period_no: number;
    current_period_start: number;
    current_period_end: number;
    reminder_sent_at: number | null;
    /** Set by a cancellation: nothing more is charged; access lasts until current_period_end. */
    cancel_requested_at: number | null;
    ended_at: number | null;
    failed_attempts: number;
    /** When the scheduler next has something to do (reminder, renewal, end); null once ended. */
    next_run_at: number | null;
    /** The scheduler's lease: one instance works on a subscription at a time. */
    locked_until: number | null;
    created_at: number;
    updated_at: number;
    /** The first payment's landing variant ('' for none): the funnel's attribution. */
    landing_variant: string;
  };
  subscription_charges: {
    id: string;
    subscription_id: string;
    period_no: number;
    attempt: number;
    amount_minor: number;
    currency: string;
    status: 'pending' | 'succeeded' | 'failed';
    provider_ref: string | null;
    failure_code: string | null;
    created_at: number;
    settled_at: number | null;
    /** An operator's refund of this charge (console): null, then pending, then refunded; each step once. */
    refund_status?: 'pending' | 'refunded' | null;
    refunded_at?: number | null;
  };
  package_prices: {
    exam_id: number;
    package_id: string;
    country: string;
    currency: string;
    amount_minor: number;
  };
  /** What an order has unlocked beyond its tier (extras bought after the first payment). */
  order_entitlements: {
    order_number: string;
    entitlement: string;
    payment_id: string;
    created_at: number;
  };
  /** A test given to another person (the "presented exam"): redeemed once, on the recipient's order. */
  gift_codes: {
    code: string;
    exam_id: number;
    sku_id: string;
    from_order_number: string;
    payment_id: string;
    redeemed_order_number: string | null;
    redeemed_at: number | null;
    created_at: number;
  };
  vip_memberships: {
    id: string;
    email: string;
    order_number: string;
    payment_id: string;
    starts_at: number;
    ends_at: number;
    created_at: number;
  };
  /** A link an owner made to show their result: what it shows is theirs to choose; revocable. */
  /** Rendered PDFs kept for their next download (decision 0027); owned by modules/pdf. */
  report_pdf_cache: {
    cache_key: string;
    order_number: string;
    bytes: Buffer;
    size: number;
    created_at: number;
  };
  share_links: {
    id: string;
    order_number: string;
    /** 1: the IQ score is shown; 0: only the test and the class. */
    show_score: number;
    /** The owner's language: the shared image is drawn in it. */
    locale: string;
    created_at: number;
    revoked_at: number | null;
  };
  /** The latest result of a psychology-lab questionnaire per order (a retake replaces it). */
  lab_results: {
    order_number: string;
    test_id: string;
    /** The answers given, as JSON [{ itemId, value }]. */
    answers: string;
    /** The engine's result, as JSON (QuestionnaireResult). */
    result: string;
    locale: string;
    taken_at: number;
  };
  /** A person's account (modules/accounts). The e-mail is lower-cased and unique. */
  accounts: {
    id: string;
    email: string;
    name: string;
    /** argon2id (PHC string); null until the owner sets one (an account made at a purchase). */
    password_hash: string | null;
    /** When the address was proven (an e-mailed code or sign-in link): only then do its orders join. */
    email_verified_at: number | null;
    nickname: string | null;
    phone: string | null;
    birthday: string | null;
    gender: string | null;
    locale: string;
    created_at: number;
    updated_at: number;
  };
  /** Signed-in browsers: the sha256 of the cookie's token, never the token. Sliding expiry. */
  account_sessions: {
    token_hash: string;
    account_id: string;
    created_at: number;
    last_seen_at: number;
    expires_at: number;
  };
  /** E-mailed 6-digit codes: an HMAC of the code, single use, 10 minutes, 5 tries. */
  email_codes: {
    id: Generated<number>;
    email: string;
    purpose: 'register' | 'reset';
    code_hash: string;
    attempts: number;
    expires_at: number;
    used_at: number | null;
    payload: string | null;
    created_at: number;
  };
  /** One-time sign-in links already used (sha256 of the token), kept until they would have expired. */
  signin_links_used: { token_hash: string; used_at: number; expires_at: number };
  /** Test sessions taken in a signed-in browser: the personal centre lists them, unfinished ones too. */
  account_exam_sessions: { session_id: string; account_id: string; linked_at: number };
  /** Members' free tests in progress (practice, spatial span): the seed their puzzles or sequences come from. */
  member_attempts: {
    id: string;
    account_id: string;
    task: 'practice' | 'memory';
    seed: string;
    /** JSON: practice answers by index ({ "3": 2 }); the first answer to each puzzle counts. */
    answers: string;
    created_at: number;
    finished_at: number | null;
  };
  /** Every result of a member's free tests (retakes add rows): JSON as the contract's result. */
  member_results: {
    id: Generated<number>;
    account_id: string;
    task: 'practice' | 'memory' | 'reaction';
    result: string;
    taken_at: number;
  };
  /** Answers to the weekly training sets: one per member, week, level and puzzle. */
  training_answers: {
    account_id: string;
    week: string;
    level: number;
    item_index: number;
    choice: number;
    correct: number;
    time_ms: number;
    answered_at: number;
  };
  /** Accounts with the operator role and their second factor (modules/console). */
  operators: {
    account_id: string;
    role: 'operator';
    totp_secret: string | null;
    totp_enabled_at: number | null;
    totp_last_step: number | null;
    created_at: number;
  };
  /** Sign-in sessions (by the account session's token hash) that passed the second factor. */
  operator_sessions: { token_hash: string; account_id: string; verified_at: number; expires_at: number };
  /** What operators did: append-only (database triggers refuse UPDATE and DELETE). */
  audit_log: {
    id: Generated<number>;
    at: number;
    actor_id: string;
    actor_email: string;
    action: string;
    target: string;
    before_json: string | null;
    after_json: string | null;
  };
}
