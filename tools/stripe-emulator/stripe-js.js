/*
 * Stripe.js v3 stand-in served by the Stripe emulator (tools/stripe-emulator) — DEVELOPMENT AND TESTS ONLY.
 * Defines window.Stripe(publishableKey) with the surface @stripe/stripe-js and @stripe/react-stripe-js use.
 * The Payment/Card Element is an accessible test card form rendered inside the page (no iframe, so tests can
 * type into it); confirmations go to the emulator that served this script, as Stripe.js goes to api.stripe.com.
 * Validation messages, error objects and IntegrationErrors follow Stripe.js wording.
 */
(function () {
  'use strict';
  if (window.Stripe && window.Stripe.__emulator) return;

  var script = document.currentScript;
  var API = script && script.src ? new URL(script.src).origin : window.location.origin;
  var seq = 0;

  function IntegrationError(message) {
    var e = new Error(message);
    e.name = 'IntegrationError';
    return e;
  }
  function notEmulated(name) {
    return function () {
      return Promise.reject(IntegrationError('stripe.' + name + '() is not emulated by the Stripe emulator (tools/stripe-emulator).'));
    };
  }

  // ------------------------------------------------------------------ API calls (form-encoded, key as a param: no CORS preflight)

  function encode(value, prefix, pairs) {
    if (value === undefined) return pairs;
    if (value !== null && typeof value === 'object') {
      Object.keys(value).forEach(function (k) {
        encode(value[k], prefix ? prefix + '[' + k + ']' : k, pairs);
      });
    } else {
      pairs.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(value === null ? '' : String(value)));
    }
    return pairs;
  }
  function api(method, path, key, params) {
    var body = encode(Object.assign({ key: key }, params), '', []).join('&');
    var init = method === 'GET' ? { method: method } : { method: method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body };
    return fetch(API + path + (method === 'GET' ? '?' + body : ''), init)
      .then(function (res) {
        return res.json().then(function (json) {
          return res.ok ? { data: json } : { error: json.error };
        });
      })
      .catch(function () {
        return { error: { type: 'api_connection_error', message: 'We could not connect to the Stripe emulator at ' + API + '. Is it running?' } };
      });
  }
  function intentId(clientSecret) {
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
      throw IntegrationError(
        'Invalid value for clientSecret: should be a client secret of the form ${id}_secret_${secret}. You specified: ' + clientSecret + '.',
      );
    }
    return clientSecret.split('_secret_')[0];
  }

  // ------------------------------------------------------------------ card data and validation (Stripe.js messages)

  function digits(s) {
    return String(s || '').replace(/\D/g, '');
  }
  function brandOf(n) {
    if (/^4/.test(n)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
    if (/^3[47]/.test(n)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
    return 'unknown';
  }
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }
  function formatNumber(n) {
    var groups = brandOf(n) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var out = [];
    var at = 0;
    groups.forEach(function (g) {
      if (at < n.length) out.push(n.slice(at, at + g));
      at += g;
    });
    return out.join(' ');
  }
  function formatExpiry(raw) {
    var d = digits(raw).slice(0, 4);
    if (d.length === 1 && Number(d) > 1) d = '0' + d;
    return d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
  }
  function err(code, message) {
    return { type: 'validation_error', code: code, message: message };
  }
  /** Field errors, in form order; `empty`/`complete` as the Element's change event reports them. */
  function validate(v, withPostal) {
    var n = digits(v.number);
    var brand = brandOf(n);
    var errors = {};
    var want = brand === 'amex' ? 15 : 16;
    if (n.length < want) errors.number = err('incomplete_number', 'Your card number is incomplete.');
    else if (!luhn(n)) errors.number = err('invalid_number', 'Your card number is invalid.');
    var e = digits(v.expiry);
    if (e.length < 4) errors.expiry = err('incomplete_expiry', "Your card's expiration date is incomplete.");
    else {
      var month = Number(e.slice(0, 2));
      var year = 2000 + Number(e.slice(2, 4));
      var today = new Date();
      if (month < 1 || month > 12) errors.expiry = err('invalid_expiry_month', "Your card's expiration date is invalid.");
      else if (year < today.getFullYear()) errors.expiry = err('invalid_expiry_year_past', "Your card's expiration year is in the past.");
      else if (year === today.getFullYear() && month < today.getMonth() + 1)
        errors.expiry = err('invalid_expiry_month_past', "Your card's expiration date is in the past.");
      else if (year > today.getFullYear() + 50) errors.expiry = err('invalid_expiry_year', "Your card's expiration year is invalid.");
    }
    var c = digits(v.cvc);
    if (c.length < (brand === 'amex' ? 4 : 3)) errors.cvc = err('incomplete_cvc', "Your card's security code is incomplete.");
    if (withPostal) {
      var zip = String(v.postal || '').trim();
      if (!zip) errors.postal = err('incomplete_zip', 'Your ZIP is incomplete.');
      else if (v.country === 'US' && !/^\d{5}(-\d{4})?$/.test(zip)) errors.postal = err('invalid_zip', 'Your ZIP is invalid.');
    }
    var first = ['number', 'expiry', 'cvc', 'postal']
      .map(function (k) {
        return errors[k];
      })
      .filter(Boolean)[0];
    return { errors: errors, error: first || null, complete: !first, empty: !n && !e && !c && !v.postal, brand: brand };
  }

  /** With fields.billingDetails 'never', Stripe.js requires the omitted fields at confirm time. */
  var BILLING_FIELDS = ['name', 'email', 'phone', 'address.line1', 'address.line2', 'address.city', 'address.state', 'address.postal_code', 'address.country'];
  function missingBillingDetail(fields, given) {
    var bd = fields && fields.billingDetails;
    if (!bd) return null;
    var never = BILLING_FIELDS.filter(function (path) {
      if (bd === 'never') return true;
      if (typeof bd !== 'object') return false;
      var parts = path.split('.');
      if (parts.length === 1) return bd[parts[0]] === 'never';
      if (bd.address === 'never') return true;
      var sub = parts[1] === 'postal_code' ? 'postalCode' : parts[1];
      return typeof bd.address === 'object' && bd.address[sub] === 'never';
    });
    return (
      never.filter(function (path) {
        var v = given || {};
        path.split('.').forEach(function (k) {
          v = v == null ? undefined : v[k];
        });
        return v === undefined;
      })[0] || null
    );
  }

  // ------------------------------------------------------------------ Element

  function css(el, styles) {
    // CSSOM properties, not style attributes: allowed by any Content-Security-Policy.
    Object.keys(styles).forEach(function (k) {
      el.style[k] = styles[k];
    });
    return el;
  }
  function node(tag, attrs, styles, text) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      el.setAttribute(k, attrs[k]);
    });
    if (text) el.textContent = text;
    return css(el, styles || {});
  }
  var COUNTRIES = [
    ['US', 'United States'],
    ['CA', 'Canada'],
    ['GB', 'United Kingdom'],
    ['AU', 'Australia'],
    ['DE', 'Germany'],
    ['FR', 'France'],
    ['NG', 'Nigeria'],
    ['ZA', 'South Africa'],
  ];

  function Element(group, type, options) {
    this._group = group;
    this._type = type;
    this._options = options || {};
    this._handlers = {};
    this._values = { number: '', expiry: '', cvc: '', country: 'US', postal: '' };
    this._touched = {};
    this._mounted = false;
    this._destroyed = false;
  }
  Element.prototype._alive = function () {
    if (this._destroyed) throw IntegrationError('This Element has already been destroyed. Please create a new one.');
  };
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (h) {
      h(payload);
    });
  };
  Element.prototype._showsPostal = function () {
    if (this._type === 'card') return !this._options.hidePostalCode;
    var bd = (this._options.fields || {}).billingDetails;
    if (bd === 'never' || (bd && bd.address === 'never')) return false;
    return !(bd && typeof bd.address === 'object' && (bd.address.postalCode === 'never' || bd.address.country === 'never'));
  };
  Element.prototype._state = function () {
    return validate(this._values, this._showsPostal());
  };
  Element.prototype._changePayload = function () {
    var s = this._state();
    var payload = { elementType: this._type, empty: s.empty, complete: s.complete };
    if (this._type === 'payment') {
      payload.collapsed = false;
      payload.value = { type: 'card' };
    } else {
      payload.brand = s.brand;
      payload.value = { postalCode: this._values.postal };
      var shown = ['number', 'expiry', 'cvc', 'postal'].filter(function (k) {
        return this._touched[k] && s.errors[k];
      }, this)[0];
      if (shown) payload.error = s.errors[shown];
    }
    return payload;
  };
  /** Shows field errors (all of them when `all`, e.g. on submit) and returns the first error. */
  Element.prototype._validate = function (all) {
    var s = this._state();
    if (all)
      ['number', 'expiry', 'cvc', 'postal'].forEach(function (k) {
        this._touched[k] = true;
      }, this);
    this._renderErrors(s);
    return s;
  };
  Element.prototype._renderErrors = function (s) {
    if (!this._fields) return;
    Object.keys(this._fields).forEach(function (k) {
      var f = this._fields[k];
      var e = this._touched[k] && s.errors[k];
      f.error.textContent = e ? e.message : '';
      f.error.style.display = e ? 'block' : 'none';
      f.input.setAttribute('aria-invalid', e ? 'true' : 'false');
      f.input.style.borderColor = e ? '#df1b41' : '#e0e6eb';
    }, this);
  };
  Element.prototype._card = function () {
    var e = digits(this._values.expiry);
    return { number: digits(this._values.number), exp_month: Number(e.slice(0, 2)), exp_year: 2000 + Number(e.slice(2, 4)), cvc: digits(this._values.cvc) };
  };
  Element.prototype._billing = function () {
    return this._showsPostal() ? { address: { country: this._values.country, postal_code: this._values.postal.trim() } } : {};
  };

  Element.prototype.mount = function (target) {
    this._alive();
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    if (typeof target === 'string' && !el)
      throw IntegrationError(
        'The selector you specified (' +
          target +
          ') applies to no DOM elements that are currently on the page.\nMake sure the element exists on the page before calling mount().',
      );
    if (!el || el.nodeType !== 1) throw IntegrationError('Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.');
    if (this._mounted) throw IntegrationError('This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.');
    this._container = el;
    this._emit('loaderstart', { elementType: this._type });
    this._render();
    this._mounted = true;
    var self = this;
    setTimeout(function () {
      if (self._mounted) self._emit('ready', { elementType: self._type });
    }, 0);
  };
  Element.prototype._render = function () {
    var self = this;
    var id = 'stripe-emulator-' + ++seq;
    var theme = ((this._group._options.appearance || {}).variables || {}).colorPrimary || '#0570de';
    var root = node(
      'div',
      { class: 'StripeElement StripeElement--emulator', 'data-stripe-emulator': this._type },
      { fontFamily: 'system-ui, sans-serif', fontSize: '14px', color: '#30313d' },
    );
    var panel = root;
    var layout = this._options.layout;
    var layoutType = typeof layout === 'object' && layout ? layout.type : layout || 'tabs';
    if (this._type === 'payment') {
      if (layoutType === 'accordion') {
        var head = node('div', { role: 'radiogroup', 'aria-label': 'Payment method' }, { marginBottom: '12px' });
        var radio = node('label', {}, { display: 'flex', gap: '8px', alignItems: 'center', fontWeight: '600' });
        radio.appendChild(node('input', { type: 'radio', name: id + '-method', checked: 'checked' }));
        radio.appendChild(document.createTextNode('Card'));
        head.appendChild(radio);
        root.appendChild(head);
      } else {
        var tabs = node('div', { role: 'tablist', 'aria-label': 'Payment method' }, { display: 'flex', gap: '8px', marginBottom: '12px' });
        tabs.appendChild(
          node(
            'button',
            { type: 'button', role: 'tab', id: id + '-tab', 'aria-selected': 'true', 'aria-controls': id + '-panel' },
            { border: '2px solid ' + theme, borderRadius: '6px', background: '#fff', padding: '8px 16px', fontWeight: '600', color: theme, cursor: 'pointer' },
            'Card',
          ),
        );
        root.appendChild(tabs);
        panel = node('div', { role: 'tabpanel', id: id + '-panel', 'aria-labelledby': id + '-tab' });
        root.appendChild(panel);
      }
    }
    this._fields = {};
    var row = node('div', {}, { display: 'flex', gap: '12px' });
    function field(key, label, attrs, parent, formatter) {
      var wrap = node('div', {}, { flex: '1', marginBottom: '12px' });
      wrap.appendChild(node('label', { for: id + '-' + key }, { display: 'block', marginBottom: '4px' }, label));
      var input = node(
        attrs.tag || 'input',
        Object.assign({ id: id + '-' + key, name: key, 'aria-describedby': id + '-' + key + '-error', 'aria-invalid': 'false' }, attrs.attrs),
        {
          width: '100%',
          boxSizing: 'border-box',
          padding: '10px 12px',
          border: '1px solid #e0e6eb',
          borderRadius: '6px',
          fontSize: '16px',
          background: '#fff',
        },
      );
      if (attrs.options)
        attrs.options.forEach(function (o) {
          input.appendChild(node('option', { value: o[0] }, {}, o[1]));
        });
      input.value = self._values[key];
      var error = node('p', { id: id + '-' + key + '-error', role: 'alert' }, { color: '#df1b41', margin: '4px 0 0', display: 'none' });
      wrap.appendChild(input);
      wrap.appendChild(error);
      parent.appendChild(wrap);
      self._fields[key] = { input: input, error: error };
      input.addEventListener(attrs.tag === 'select' ? 'change' : 'input', function () {
        var v = formatter ? formatter(input.value) : input.value;
        if (v !== input.value) input.value = v;
        self._values[key] = v;
        self._renderErrors(self._state());
        self._emit('change', self._changePayload());
      });
      input.addEventListener('focus', function () {
        self._emit('focus', { elementType: self._type });
      });
      input.addEventListener('blur', function () {
        if (self._values[key]) self._touched[key] = true;
        self._renderErrors(self._state());
        self._emit('blur', { elementType: self._type });
      });
      input.addEventListener('keydown', function (ev) {
        if (ev.key === 'Escape') self._emit('escape', { elementType: self._type });
      });
    }
    var readOnly = this._options.readOnly || this._options.disabled ? { readonly: 'readonly' } : {};
    field(
      'number',
      'Card number',
      { attrs: Object.assign({ type: 'text', inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' }, readOnly) },
      panel,
      function (v) {
        var n = digits(v);
        return formatNumber(n.slice(0, brandOf(n) === 'amex' ? 15 : 19));
      },
    );
    panel.appendChild(row);
    field(
      'expiry',
      'Expiration date (MM / YY)',
      { attrs: Object.assign({ type: 'text', inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY' }, readOnly) },
      row,
      formatExpiry,
    );
    field(
      'cvc',
      'Security code (CVC)',
      { attrs: Object.assign({ type: 'text', inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' }, readOnly) },
      row,
      function (v) {
        return digits(v).slice(0, 4);
      },
    );
    if (this._showsPostal()) {
      var row2 = node('div', {}, { display: 'flex', gap: '12px' });
      panel.appendChild(row2);
      if (this._type === 'payment') field('country', 'Country', { tag: 'select', attrs: { autocomplete: 'country' }, options: COUNTRIES }, row2);
      field('postal', 'ZIP', { attrs: Object.assign({ type: 'text', autocomplete: 'postal-code', placeholder: '12345' }, readOnly) }, row2);
    }
    panel.appendChild(
      node(
        'p',
        { class: 'StripeElement__test-hint' },
        { color: '#6d6e78', fontSize: '12px', margin: '0' },
        'Test mode (Stripe emulator): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; any future date and CVC.',
      ),
    );
    this._root = root;
    this._container.appendChild(root);
  };
  Element.prototype.on = function (event, handler) {
    this._alive();
    if (typeof handler !== 'function') throw IntegrationError('Invalid value for on(): handler should be a function. You specified: ' + typeof handler + '.');
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Element.prototype.addEventListener = Element.prototype.on;
  Element.prototype.off = function (event, handler) {
    if (!handler) delete this._handlers[event];
    else
      this._handlers[event] = (this._handlers[event] || []).filter(function (h) {
        return h !== handler && h._original !== handler;
      });
    return this;
  };
  Element.prototype.removeEventListener = Element.prototype.off;
  Element.prototype.once = function (event, handler) {
    var self = this;
    var wrapped = function (e) {
      self.off(event, wrapped);
      handler(e);
    };
    wrapped._original = handler;
    return this.on(event, wrapped);
  };
  Element.prototype.update = function (options) {
    this._alive();
    options = options || {};
    Object.assign(this._options, options);
    // Re-render only for options that change the form's structure, so typing and focus survive other updates.
    var structural = ['fields', 'layout', 'readOnly', 'disabled', 'hidePostalCode'].some(function (k) {
      return k in options;
    });
    if (this._mounted && structural) {
      this._root.remove();
      this._render();
    }
    return this;
  };
  Element.prototype.unmount = function () {
    this._alive();
    if (this._root) this._root.remove();
    this._mounted = false;
    return this;
  };
  Element.prototype.destroy = function () {
    if (this._destroyed) return this;
    if (this._root) this._root.remove();
    this._mounted = false;
    this._destroyed = true;
    delete this._group._elements[this._type];
    return this;
  };
  Element.prototype.collapse = function () {
    return this;
  };
  Element.prototype.focus = function () {
    if (this._fields) this._fields.number.input.focus();
    return this;
  };
  Element.prototype.blur = function () {
    if (this._root && this._root.contains(document.activeElement)) document.activeElement.blur();
    return this;
  };
  Element.prototype.clear = function () {
    this._values = { number: '', expiry: '', cvc: '', country: 'US', postal: '' };
    this._touched = {};
    if (this._fields)
      Object.keys(this._fields).forEach(function (k) {
        this._fields[k].input.value = this._values[k];
      }, this);
    this._validate(false);
    this._emit('change', this._changePayload());
    return this;
  };

  // ------------------------------------------------------------------ Elements group

  var ELEMENT_TYPES = ['payment', 'card'];
  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = Object.assign({}, options || {});
    this._elements = {};
    this._submitted = false;
  }
  Elements.prototype.create = function (type, options) {
    if (ELEMENT_TYPES.indexOf(type) < 0)
      throw IntegrationError(
        'A valid Element name must be provided. The Stripe emulator supports: ' + ELEMENT_TYPES.join(', ') + '; you specified: ' + type + '.',
      );
    if (this._elements[type]) throw IntegrationError('Can only create one Element of type ' + type + '.');
    if (type === 'payment' && !this._options.clientSecret && !this._options.mode) {
      throw IntegrationError(
        'In order to create a payment element, you must pass a valid PaymentIntent or SetupIntent client secret when creating the Elements group.\n\n  e.g. stripe.elements({clientSecret: "{{CLIENT_SECRET}}"})',
      );
    }
    if (this._options.clientSecret) intentId(this._options.clientSecret);
    var element = new Element(this, type, Object.assign({}, options || {}));
    this._elements[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._elements[typeof type === 'string' ? type : type && type.__elementType] || null;
  };
  Elements.prototype.update = function (options) {
    Object.assign(this._options, options || {});
    return this;
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var el = this.getElement('payment') || this.getElement('card');
    if (!el || !el._mounted) return Promise.reject(IntegrationError('elements.submit(): there is no mounted Payment Element in this Elements group.'));
    var s = el._validate(true);
    this._submitted = !s.error;
    return Promise.resolve(s.error ? { error: s.error } : { selectedPaymentMethod: 'card' });
  };

  // ------------------------------------------------------------------ Stripe

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || !key)
      throw IntegrationError('Invalid value for Stripe(): apiKey should be a string. You specified: ' + (key === '' ? '""' : typeof key) + '.');
    if (/^(sk|rk)_/.test(key)) throw IntegrationError('You should not use your secret key with Stripe.js.\nPlease pass a publishable key instead.');
    if (!/^pk_test_/.test(key))
      throw IntegrationError('The Stripe emulator only accepts test publishable keys (pk_test_…); you specified: ' + key.slice(0, 8) + '….');
    this._key = key;
    this._options = options || {};
  }
  Stripe.version = 3;
  Stripe.__emulator = true;

  function finish(result, pick) {
    if (result.error) return { error: result.error };
    var out = {};
    out[pick] = result.data;
    return out;
  }
  function redirectTo(returnUrl, pi, clientSecret) {
    var url = new URL(returnUrl, window.location.href);
    url.searchParams.set('payment_intent', pi.id);
    url.searchParams.set('payment_intent_client_secret', clientSecret);
    url.searchParams.set('redirect_status', pi.status === 'succeeded' ? 'succeeded' : pi.status === 'processing' ? 'pending' : 'failed');
    window.location.assign(url.toString());
    return new Promise(function () {}); // like Stripe.js: the page is leaving
  }
  function cardFromElement(element) {
    if (!(element instanceof Element))
      throw IntegrationError('Invalid value for card: should be a Payment or Card Element created by stripe.elements().create().');
    element._alive();
    if (!element._mounted)
      throw IntegrationError(
        'We could not retrieve data from the specified Element.\n              Please make sure the Element you are attempting to use is still mounted.',
      );
    return element;
  }

  function checkRedirect(method, redirect) {
    if (redirect !== 'always' && redirect !== 'if_required')
      throw IntegrationError(
        'Invalid value for ' + method + '(): redirect should be one of the following strings: always, if_required. You specified: ' + redirect + '.',
      );
  }
  /** The card typed into a Payment Element as payment_method_data, with the billing details the page passed. */
  function cardData(element, pmData) {
    var billing = Object.assign({}, pmData.billing_details || {});
    var formBilling = element._billing();
    if (formBilling.address) billing.address = Object.assign({}, formBilling.address, billing.address || {});
    return Object.assign({}, pmData, { type: 'card', card: element._card(), billing_details: billing });
  }

  Stripe.prototype = {
    constructor: Stripe,
    elements: function (options) {
      return new Elements(this, options);
    },
    confirmPayment: function (options) {
      var self = this;
      return Promise.resolve().then(function () {
        options = options || {};
        var elements = options.elements;
        var params = Object.assign({}, options.confirmParams || {});
        var redirect = options.redirect || 'always';
        checkRedirect('confirmPayment', redirect);
        if (elements !== undefined && !(elements instanceof Elements))
          throw IntegrationError('Invalid value for confirmPayment(): elements should be an Elements group. You specified: ' + typeof elements + '.');
        if (!elements && !params.payment_method)
          throw IntegrationError('Invalid value for confirmPayment(): elements should be an Elements group. You specified: undefined.');
        var clientSecret = options.clientSecret || (elements && elements._options.clientSecret);
        if (!clientSecret)
          throw IntegrationError(
            'Invalid value for confirmPayment(): clientSecret should be a client secret of the form ${id}_secret_${secret}. You specified: undefined.',
          );
        var id = intentId(clientSecret);
        if (redirect === 'always' && !params.return_url)
          throw IntegrationError("stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`");
        var body = { client_secret: clientSecret, expected_payment_method_type: 'card', use_stripe_sdk: 'true' };
        var pmData = params.payment_method_data || {};
        if (elements) {
          var element = elements.getElement('payment');
          if (!element) throw IntegrationError('Invalid value for confirmPayment(): elements should have a mounted Payment Element.');
          cardFromElement(element);
          if (elements._options.mode && !elements._submitted)
            throw IntegrationError(
              'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work. Integration guide: https://stripe.com/docs/payments/accept-a-payment-deferred',
            );
          var missing = missingBillingDetail(element._options.fields, pmData.billing_details);
          if (missing) {
            throw IntegrationError(
              'You specified "never" for fields.billing_details.' +
                missing +
                ' when creating the payment Element, but did not pass confirmParams.payment_method_data.billing_details.' +
                missing +
                ' when calling stripe.confirmPayment(). If you opt out of collecting data via the payment Element using the fields option, the data must be passed in when calling stripe.confirmPayment().',
            );
          }
          var state = element._validate(true);
          if (state.error) return { error: state.error };
          body.payment_method_data = cardData(element, pmData);
        } else {
          body.payment_method = params.payment_method;
        }
        ['return_url', 'receipt_email', 'shipping', 'setup_future_usage'].forEach(function (k) {
          if (params[k] !== undefined) body[k] = params[k];
        });
        return api('POST', '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', self._key, body).then(function (r) {
          if (r.error) return { error: r.error };
          if (redirect === 'always') return redirectTo(params.return_url, r.data, clientSecret);
          return { paymentIntent: r.data };
        });
      });
    },
    confirmCardPayment: function (clientSecret, data) {
      var self = this;
      return Promise.resolve().then(function () {
        var id = intentId(clientSecret);
        data = data || {};
        var body = { client_secret: clientSecret };
        var pm = data.payment_method;
        if (typeof pm === 'string') body.payment_method = pm;
        else if (pm && pm.card) {
          var element = cardFromElement(pm.card);
          var state = element._validate(true);
          if (state.error) return { error: state.error };
          var billing = Object.assign({}, element._billing(), pm.billing_details || {});
          body.payment_method_data = { type: 'card', card: element._card(), billing_details: billing };
        }
        ['return_url', 'receipt_email', 'shipping', 'setup_future_usage'].forEach(function (k) {
          if (data[k] !== undefined) body[k] = data[k];
        });
        return api('POST', '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', self._key, body).then(function (r) {
          return finish(r, 'paymentIntent');
        });
      });
    },
    createPaymentMethod: function (a, b, c) {
      var self = this;
      return Promise.resolve().then(function () {
        var element;
        var extra = {};
        if (typeof a === 'string') {
          element = b;
          extra = c || {};
        } else if (a && a.elements) {
          element = a.elements.getElement('payment') || a.elements.getElement('card');
          extra = a.params || {};
        } else {
          a = a || {};
          element = a.card;
          extra = a;
        }
        cardFromElement(element);
        var state = element._validate(true);
        if (state.error) return { error: state.error };
        var billing = Object.assign({}, element._billing(), extra.billing_details || {});
        return api('POST', '/v1/payment_methods', self._key, { type: 'card', card: element._card(), billing_details: billing, metadata: extra.metadata }).then(
          function (r) {
            return finish(r, 'paymentMethod');
          },
        );
      });
    },
    createToken: function (element, data) {
      var self = this;
      return Promise.resolve().then(function () {
        if (typeof element === 'string') throw IntegrationError("stripe.createToken('" + element + "') is not emulated by the Stripe emulator.");
        cardFromElement(element);
        var state = element._validate(true);
        if (state.error) return { error: state.error };
        var card = Object.assign(element._card(), {});
        data = data || {};
        if (data.name) card.name = data.name;
        if (element._values.postal) card.address_zip = element._values.postal;
        return api('POST', '/v1/tokens', self._key, { card: card }).then(function (r) {
          return finish(r, 'token');
        });
      });
    },
    retrievePaymentIntent: function (clientSecret) {
      var self = this;
      return Promise.resolve().then(function () {
        var id = intentId(clientSecret);
        return api('GET', '/v1/payment_intents/' + encodeURIComponent(id), self._key, { client_secret: clientSecret }).then(function (r) {
          return finish(r, 'paymentIntent');
        });
      });
    },
    confirmSetup: function (options) {
      var self = this;
      return Promise.resolve().then(function () {
        options = options || {};
        var elements = options.elements;
        var params = Object.assign({}, options.confirmParams || {});
        var redirect = options.redirect || 'always';
        checkRedirect('confirmSetup', redirect);
        if (!(elements instanceof Elements))
          throw IntegrationError('Invalid value for confirmSetup(): elements should be an Elements group. You specified: ' + typeof elements + '.');
        var clientSecret = options.clientSecret || elements._options.clientSecret;
        if (!clientSecret)
          throw IntegrationError(
            'Invalid value for confirmSetup(): clientSecret should be a client secret of the form ${id}_secret_${secret}. You specified: undefined.',
          );
        var id = intentId(clientSecret);
        if (id.indexOf('seti_') !== 0)
          throw IntegrationError(
            'stripe.confirmSetup(): the client secret is not a SetupIntent client secret; use stripe.confirmPayment() for PaymentIntents.',
          );
        if (redirect === 'always' && !params.return_url)
          throw IntegrationError("stripe.confirmSetup(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`");
        var element = elements.getElement('payment');
        if (!element) throw IntegrationError('Invalid value for confirmSetup(): elements should have a mounted Payment Element.');
        cardFromElement(element);
        var state = element._validate(true);
        if (state.error) return { error: state.error };
        var body = {
          client_secret: clientSecret,
          expected_payment_method_type: 'card',
          use_stripe_sdk: 'true',
          payment_method_data: cardData(element, params.payment_method_data || {}),
        };
        if (params.return_url !== undefined) body.return_url = params.return_url;
        return api('POST', '/v1/setup_intents/' + encodeURIComponent(id) + '/confirm', self._key, body).then(function (r) {
          if (r.error) return { error: r.error };
          if (redirect === 'always') {
            var url = new URL(params.return_url, window.location.href);
            url.searchParams.set('setup_intent', r.data.id);
            url.searchParams.set('setup_intent_client_secret', clientSecret);
            url.searchParams.set('redirect_status', r.data.status === 'succeeded' ? 'succeeded' : 'failed');
            window.location.assign(url.toString());
            return new Promise(function () {});
          }
          return { setupIntent: r.data };
        });
      });
    },
    confirmCardSetup: notEmulated('confirmCardSetup'),
    retrieveSetupIntent: function (clientSecret) {
      var self = this;
      return Promise.resolve().then(function () {
        var id = intentId(clientSecret);
        return api('GET', '/v1/setup_intents/' + encodeURIComponent(id), self._key, { client_secret: clientSecret }).then(function (r) {
          return finish(r, 'setupIntent');
        });
      });
    },
    handleNextAction: notEmulated('handleNextAction'),
    handleCardAction: notEmulated('handleCardAction'),
    paymentRequest: function () {
      throw IntegrationError('stripe.paymentRequest() is not emulated by the Stripe emulator.');
    },
    // Called by @stripe/stripe-js when present.
    _registerWrapper: function () {},
    registerAppInfo: function () {},
  };

  window.Stripe = Stripe;
})();
