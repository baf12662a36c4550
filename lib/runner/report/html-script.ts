/**
 * index.html's inline script: the status filter and the search. Plain ES2015 in the page itself,
 * so it works from file:// with no network. Without script every element stays shown.
 * Filterable: elements with `data-filter` (requirement rows, test rows, failure cards), whose
 * `data-status` is matched against the ticked statuses and whose text against the search.
 * A group (`data-group`) whose filterable elements are all hidden is hidden too.
 */
export const SCRIPT = `
(function () {
  var boxes = [].slice.call(document.querySelectorAll('#controls input[data-status]'));
  var search = document.getElementById('search');
  var shown = document.getElementById('shown');
  var items = [].slice.call(document.querySelectorAll('[data-filter]'));
  var groups = [].slice.call(document.querySelectorAll('[data-group]'));
  function apply() {
    var on = {};
    boxes.forEach(function (b) { on[b.getAttribute('data-status')] = b.checked; });
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var visible = 0;
    items.forEach(function (e) {
      var text = e.textContent.toLowerCase();
      var hit = on[e.getAttribute('data-status')] !== false &&
        words.every(function (w) { return text.indexOf(w) >= 0; });
      e.classList.toggle('hidden', !hit);
      if (hit) visible++;
    });
    groups.forEach(function (g) {
      g.classList.toggle('hidden', !g.querySelector('[data-filter]:not(.hidden)'));
    });
    shown.textContent = visible + ' of ' + items.length + ' rows and cards shown';
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  search.addEventListener('input', apply);
  document.getElementById('failures-only').addEventListener('click', function () {
    boxes.forEach(function (b) {
      var s = b.getAttribute('data-status');
      b.checked = s === 'fail' || s === 'error';
    });
    apply();
  });
  document.getElementById('show-all').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = true; });
    search.value = '';
    apply();
  });
  // A link to something the filter hid shows everything again.
  window.addEventListener('hashchange', function () {
    var t = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (t && t.closest('.hidden')) { boxes.forEach(function (b) { b.checked = true; }); search.value = ''; apply(); t.scrollIntoView(); }
  });
  apply();
})();
`;
