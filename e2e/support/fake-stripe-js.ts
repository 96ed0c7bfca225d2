/**
 * Stripe.js cannot load here (no internet), so the journeys replace `window.Stripe` only: the app's
 * own code runs unchanged, and `@stripe/stripe-js/pure`'s loadStripe() takes an existing
 * `window.Stripe` instead of injecting the script. Like Stripe's Payment Element, the fake first
 * reads the intent with the publishable key (GET api.stripe.com/v1/payment_intents/{id}) and offers
 * its payment methods as tabs — 'Kaart', and for an EUR intent 'iDEAL | Wero' and 'Bancontact' —
 * here a labelled radio group (arrow keys move between them), with a labelled card input for the
 * card. It confirms the real payment intent the way Stripe.js does, with a form-encoded POST to
 * api.stripe.com/v1/payment_intents/{id}/confirm (allowed by the app's CSP connect-src): a card pays
 * at once; a bank method answers `requires_action` with the bank's page, to which the window goes
 * (the bank then returns to the return_url). Those requests are answered by the fake card API's
 * control endpoints, so the intent the app server later retrieves really is in that state, with the
 * amount the server asked for.
 */
import type { BrowserContext, Page } from '@playwright/test';

declare global {
  interface Window {
    __fakeStripe?: { loads: number };
  }
}

/** Runs in the page before any app code; must be self-contained (it is serialised). */
function installFakeStripe() {
  type Handler = (payload?: unknown) => void;
  type FakeElement = {
    mount(target: string | HTMLElement): void;
    on(event: string, cb: Handler): FakeElement;
    off(event: string, cb?: Handler): FakeElement;
    once(event: string, cb: Handler): FakeElement;
    update(): void;
    focus(): void;
    blur(): void;
    clear(): void;
    collapse(): void;
    unmount(): void;
    destroy(): void;
    cardNumber(): string;
    /** The chosen tab: 'card', 'ideal' or 'bancontact'. */
    method(): string;
  };
  type FakeElements = { clientSecret: string; created: FakeElement[] };
  type BrowserIntent = { id: string; currency: string; payment_method_types: string[] };

  /** Stripe's names of the methods in the Payment Element (locale 'nl'). */
  const METHOD_LABELS: Record<string, string> = {
    card: 'Kaart',
    ideal: 'iDEAL | Wero',
    bancontact: 'Bancontact',
  };
  const REDIRECT_NOTE = 'Na het bevestigen gaat u naar uw bank om de betaling goed te keuren.';

  const style = {
    label: 'display:block;font-size:14px;font-weight:500;margin:0 0 6px',
    input:
      'display:block;width:100%;box-sizing:border-box;height:44px;padding:0 12px;border:1px solid #94a3b8;border-radius:8px;font:16px system-ui,sans-serif;background:#fff;color:#0f172a',
    tabs: 'display:flex;flex-wrap:wrap;gap:8px;border:0;margin:0 0 4px;padding:0;min-width:0',
    tab: 'display:flex;align-items:center;gap:8px;padding:10px 12px;border:1px solid #94a3b8;border-radius:8px;font:14px system-ui,sans-serif;background:#fff;color:#0f172a;cursor:pointer',
    tabChosen:
      'display:flex;align-items:center;gap:8px;padding:10px 12px;border:2px solid #1e3a8a;border-radius:8px;font:600 14px system-ui,sans-serif;background:#eff6ff;color:#0f172a;cursor:pointer',
    note: 'grid-column:1 / -1;margin:0;font:14px system-ui,sans-serif;color:#334155',
  };

  /** What Stripe.js reads before it shows the form: the intent's payment methods. */
  async function readIntent(publicKey: string, clientSecret: string): Promise<BrowserIntent> {
    const id = clientSecret.split('_secret_')[0]!;
    const query = new URLSearchParams({ key: publicKey, client_secret: clientSecret });
    const res = await fetch(`https://api.stripe.com/v1/payment_intents/${encodeURIComponent(id)}?${query}`);
    if (!res.ok) throw new Error(`fake Stripe: intent ${id} could not be read (${res.status})`);
    return (await res.json()) as BrowserIntent;
  }

  function field(id: string, label: string, attrs: Record<string, string>) {
    const wrap = document.createElement('div');
    const l = document.createElement('label');
    l.htmlFor = id;
    l.textContent = label;
    l.setAttribute('style', style.label);
    const input = document.createElement('input');
    input.id = id;
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    input.setAttribute('style', style.input);
    wrap.append(l, input);
    return { wrap, input };
  }

  function createPaymentElement(publicKey: string, clientSecret: string): FakeElement {
    const handlers: Record<string, Handler[]> = {};
    let host: HTMLElement | null = null;
    let number: HTMLInputElement | null = null;
    let chosen = 'card';
    let ready = false;
    const emit = (event: string, payload?: unknown) =>
      (handlers[event] ?? []).slice().forEach((cb) => cb(payload));
    const changed = () => {
      const digits = (number?.value ?? '').replace(/\D/g, '');
      emit('change', {
        elementType: 'payment',
        empty: chosen === 'card' && digits.length === 0,
        complete: chosen !== 'card' || digits.length >= 16,
        value: { type: chosen },
      });
    };

    function render(intent: BrowserIntent) {
      const uid = Math.random().toString(36).slice(2);
      const root = document.createElement('div');
      root.dataset.fakeStripe = 'payment-element';
      root.setAttribute('style', 'display:grid;gap:12px;grid-template-columns:1fr 1fr');

      // The tabs: one radio per payment method the intent offers, card first.
      const methods = [
        'card',
        ...intent.payment_method_types.filter((t) => t !== 'card' && METHOD_LABELS[t]),
      ];
      const tabs = document.createElement('fieldset');
      tabs.setAttribute('style', `${style.tabs};grid-column:1 / -1`);
      const legend = document.createElement('legend');
      legend.textContent = 'Betaalmethode';
      legend.setAttribute('style', style.label);
      tabs.append(legend);
      const tabLabels: HTMLLabelElement[] = [];
      for (const method of methods) {
        const label = document.createElement('label');
        const radio = document.createElement('input');
        radio.type = 'radio';
        radio.name = `fake-method-${uid}`;
        radio.value = method;
        radio.checked = method === chosen;
        radio.addEventListener('change', () => {
          if (!radio.checked) return;
          chosen = method;
          show();
          changed();
        });
        label.append(radio, document.createTextNode(METHOD_LABELS[method]!));
        tabLabels.push(label);
        tabs.append(label);
      }

      const card = field(`fake-card-${uid}`, 'Kaartnummer', {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
      });
      card.wrap.style.gridColumn = '1 / -1';
      const exp = field(`fake-exp-${uid}`, 'Vervaldatum', {
        inputmode: 'numeric',
        autocomplete: 'cc-exp',
        placeholder: 'MM / JJ',
      });
      const cvc = field(`fake-cvc-${uid}`, 'Beveiligingscode', {
        inputmode: 'numeric',
        autocomplete: 'cc-csc',
        placeholder: 'CVC',
      });
      const note = document.createElement('p');
      note.textContent = REDIRECT_NOTE;
      note.setAttribute('style', style.note);

      function show() {
        tabLabels.forEach((label, i) =>
          label.setAttribute('style', methods[i] === chosen ? style.tabChosen : style.tab),
        );
        const isCard = chosen === 'card';
        for (const part of [card.wrap, exp.wrap, cvc.wrap]) part.hidden = !isCard;
        note.hidden = isCard;
      }
      if (methods.length > 1) root.append(tabs);
      root.append(card.wrap, exp.wrap, cvc.wrap, note);
      show();
      host!.append(root);
      number = card.input;
      number.addEventListener('input', changed);
    }

    const element: FakeElement = {
      mount(target) {
        host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!host) throw new Error('fake Stripe: mount target not found');
        // Stripe's iframe reads the intent and takes a moment before it says it is ready.
        readIntent(publicKey, clientSecret).then(
          (intent) => {
            if (!host) return;
            render(intent);
            ready = true;
            emit('ready', element);
          },
          (error: unknown) => emit('loaderror', { elementType: 'payment', error }),
        );
      },
      on(event, cb) {
        (handlers[event] ??= []).push(cb);
        // The React wrapper may subscribe after mounting: a late 'ready' listener still hears it.
        if (event === 'ready' && ready) setTimeout(() => cb(element), 0);
        return element;
      },
      off(event, cb) {
        handlers[event] = cb ? (handlers[event] ?? []).filter((h) => h !== cb) : [];
        return element;
      },
      once(event, cb) {
        const once: Handler = (p) => {
          element.off(event, once);
          cb(p);
        };
        return element.on(event, once);
      },
      update() {},
      focus: () => number?.focus(),
      blur: () => number?.blur(),
      clear() {
        if (number) number.value = '';
      },
      collapse() {},
      unmount() {
        host?.replaceChildren();
      },
      destroy() {
        element.unmount();
        host = null;
        number = null;
      },
      cardNumber: () => number?.value ?? '',
      method: () => chosen,
    };
    return element;
  }

  function Stripe(publicKey: string) {
    if (typeof publicKey !== 'string' || !publicKey.startsWith('pk_'))
      throw new Error('fake Stripe: invalid publishable key');
    window.__fakeStripe!.loads++;
    const notSupported = async () => ({
      error: { type: 'invalid_request_error', message: 'fake Stripe: not supported' },
    });
    return {
      elements(options: { clientSecret?: string } = {}) {
        const group: FakeElements & Record<string, unknown> = {
          clientSecret: options.clientSecret ?? '',
          created: [],
          create(type: string) {
            if (type !== 'payment') throw new Error(`fake Stripe: no ${type} element`);
            const element = createPaymentElement(publicKey, group.clientSecret);
            group.created.push(element);
            return element;
          },
          getElement: () => group.created[0] ?? null,
          update() {},
          submit: async () => ({}),
          fetchUpdates: async () => ({}),
        };
        return group;
      },
      async confirmPayment({
        elements,
        confirmParams,
        redirect,
      }: {
        elements: FakeElements;
        confirmParams: { return_url: string };
        redirect?: 'always' | 'if_required';
      }) {
        const secret = elements.clientSecret;
        const id = secret.split('_secret_')[0]!;
        const method = elements.created[0]?.method() ?? 'card';
        if (method !== 'card') {
          // A bank method: the intent waits for the bank, and the window goes to the bank's page
          // (whatever `redirect` says: these methods always need it).
          const res = await fetch(
            `https://api.stripe.com/v1/payment_intents/${encodeURIComponent(id)}/confirm`,
            {
              method: 'POST',
              body: new URLSearchParams({
                key: publicKey,
                client_secret: secret,
                'payment_method_data[type]': method,
                return_url: confirmParams.return_url,
              }),
            },
          );
          const answer = await res.json();
          if (!res.ok) return { error: answer.error };
          window.location.assign(answer.next_action.redirect_to_url.url);
          return new Promise(() => {}); // the page is leaving
        }
        const number = (elements.created[0]?.cardNumber() ?? '').replace(/\D/g, '');
        if (number.length < 12) {
          return {
            error: {
              type: 'validation_error',
              code: 'incomplete_number',
              message: 'Uw kaartnummer is onvolledig.',
            },
          };
        }
        const res = await fetch(
          `https://api.stripe.com/v1/payment_intents/${encodeURIComponent(id)}/confirm`,
          {
            method: 'POST',
            body: new URLSearchParams({
              key: publicKey,
              client_secret: secret,
              'payment_method_data[type]': 'card',
              'payment_method_data[card][number]': number,
              return_url: confirmParams.return_url,
            }),
          },
        );
        const answer = await res.json();
        if (!res.ok) return { error: answer.error };
        if (answer.next_action || redirect !== 'if_required') {
          const url = new URL(confirmParams.return_url);
          url.searchParams.set('payment_intent', answer.id);
          url.searchParams.set('payment_intent_client_secret', secret);
          url.searchParams.set('redirect_status', answer.status === 'succeeded' ? 'succeeded' : 'failed');
          window.location.assign(url.toString());
          return new Promise(() => {}); // the page is leaving
        }
        return {
          paymentIntent: {
            id: answer.id,
            object: 'payment_intent',
            status: answer.status,
            amount: answer.amount,
            currency: answer.currency,
          },
        };
      },
      createToken: notSupported,
      createPaymentMethod: notSupported,
      confirmCardPayment: notSupported,
      retrievePaymentIntent: notSupported,
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  // The release train @stripe/stripe-js 10 expects, so it does not warn about a version mismatch.
  (Stripe as unknown as { version: string }).version = 'endive';
  window.__fakeStripe = { loads: 0 };
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/**
 * Installs the fake Stripe.js in `page` and answers its confirm calls from the fake card API at
 * `fakeStripeUrl`. Every other request to Stripe's domains is refused: nothing leaves the machine.
 */
export async function installFakeStripeJs(page: Page | BrowserContext, fakeStripeUrl: string) {
  await page.addInitScript(installFakeStripe);
  await page.route(/^https:\/\/([a-z]+\.)?stripe\.com\//, async (route) => {
    const request = route.request();
    const read = /^https:\/\/api\.stripe\.com\/v1\/payment_intents\/([^/?]+)\?(.*)$/.exec(request.url());
    if (read && request.method() === 'GET') {
      const res = await fetch(`${fakeStripeUrl}/__control/intents/${read[1]}/browser?${read[2]}`);
      return route.fulfill({
        status: res.status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: await res.text(),
      });
    }
    const m = /^https:\/\/api\.stripe\.com\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(request.url());
    if (!m || request.method() !== 'POST') return route.abort('blockedbyclient');
    const res = await fetch(`${fakeStripeUrl}/__control/intents/${m[1]}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? '',
    });
    await route.fulfill({
      status: res.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await res.text(),
    });
  });
}
