// Radio group demo. Native radios sharing a name already give the APG behaviour: one Tab
// stop for the group, arrow keys move and check with wrap-around, disabled options are
// skipped. This keeps the single Tab stop on the checked option, or on the first enabled
// option when none is checked (from either direction).
(function () {
  "use strict";
  CatalogDemos.enhance('[data-demo="radio-group"]', function (root) {
    var radios = Array.prototype.slice.call(root.querySelectorAll(".radio__input"));
    function update() {
      var stop = radios.filter(function (radio) { return radio.checked && !radio.disabled; })[0]
        || radios.filter(function (radio) { return !radio.disabled; })[0];
      radios.forEach(function (radio) {
        if (radio === stop) radio.removeAttribute("tabindex");
        else radio.setAttribute("tabindex", "-1");
      });
    }
    radios.forEach(function (radio) { radio.addEventListener("change", update); });
    update();
  });
})();
