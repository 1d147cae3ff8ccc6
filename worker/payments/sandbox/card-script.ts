// Browser JavaScript shared by the sandbox's card widget and its checkout page (inlined into each page's
// script, no build step).

/** The same card rules the server applies in payments.schemas.ts. */
export const CARD_CHECKS_SCRIPT = `
  function digits(value) { return value.replace(/\\D/g, ''); }
  function luhn(d) {
    var sum = 0;
    for (var i = 0; i < d.length; i++) {
      var n = Number(d.charAt(d.length - 1 - i));
      if (i % 2 === 1) { n = n * 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return d.length > 0 && sum % 10 === 0;
  }
  function cardNumberError(value) {
    var d = digits(value);
    if (!d) return 'Введите номер карты';
    if (d.length < 12 || d.length > 19 || !luhn(d)) return 'Неверный номер карты';
    return '';
  }
  function expiryError(value) {
    var m = /^(0[1-9]|1[0-2])\\/(\\d{2})$/.exec(value.trim());
    if (!m) return 'Укажите срок действия в формате ММ/ГГ';
    var now = new Date(), year = 2000 + Number(m[2]), month = Number(m[1]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return 'Срок действия карты истёк';
    return '';
  }
  function formatNumberInput(input) {
    var d = digits(input.value).slice(0, 19);
    input.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    return d;
  }
  function formatExpiryInput(input) {
    var d = digits(input.value).slice(0, 4);
    input.value = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
  }
`;

/**
 * Field errors and the form's POST. Expects the page's script to define `inputs` (field name -> input, the
 * names the server uses in `fields`) and each field's `<name>-error` element. `postJson` resolves with the
 * answer's body; on a refusal it marks the fields the server named and rejects with its detail or `failure`.
 */
export const FORM_POST_SCRIPT = `
  function showError(name, message) {
    inputs[name].setAttribute('aria-invalid', message ? 'true' : 'false');
    document.getElementById(name + '-error').textContent = message || '';
  }
  function postJson(path, body, failure) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (data) { return { ok: res.ok, data: data }; }); })
      .then(function (result) {
        if (!result.ok) {
          var fields = (result.data && result.data.fields) || {};
          Object.keys(fields).forEach(function (name) { if (inputs[name]) showError(name, fields[name]); });
          throw new Error((result.data && result.data.detail) || failure);
        }
        return result.data;
      });
  }
`;
