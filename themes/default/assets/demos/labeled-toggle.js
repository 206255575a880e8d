// Labelled toggle demo. The row is a native <label>, so the whole row toggles the switch.
// A required toggle inside a form: Submit with the toggle off shows the error under the
// label, links it with aria-describedby, marks the switch aria-invalid and moves focus
// to it so the error is read; turning the toggle on clears the error.
(function () {
  "use strict";

  function field(root) {
    var input = root.querySelector(".switch__input");
    var error = root.querySelector(".control-row__error");
    return { root: root, input: input, error: error };
  }

  function setError(f, show) {
    if (!f.error) return;
    var ids = (f.input.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    ids = ids.filter(function (id) { return id !== f.error.id; });
    if (show) ids.push(f.error.id);
    if (ids.length) f.input.setAttribute("aria-describedby", ids.join(" "));
    else f.input.removeAttribute("aria-describedby");
    f.error.hidden = !show;
    if (show) f.input.setAttribute("aria-invalid", "true");
    else f.input.removeAttribute("aria-invalid");
    f.root.classList.toggle("is-invalid", show);
  }

  CatalogDemos.enhance('[data-demo="labeled-toggle"]', function (root) {
    var f = field(root);
    if (!f.input) return;
    f.input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !f.input.disabled && !f.input.form) {
        event.preventDefault();
        f.input.click();
      }
    });
    f.input.addEventListener("change", function () {
      if (f.input.checked) setError(f, false);
      var status = root.querySelector(".demo-form__status");
      if (status) status.textContent = "";
    });
    var form = root.querySelector("[data-demo-form]");
    if (!form) return;
    form.noValidate = true;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var status = root.querySelector(".demo-form__status");
      if (f.input.required && !f.input.checked) {
        setError(f, true);
        if (status) status.textContent = "";
        f.input.focus();
      } else {
        setError(f, false);
        if (status) status.textContent = "Submitted.";
      }
    });
  });
})();
