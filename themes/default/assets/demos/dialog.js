// Dialog demo (WAI-ARIA Authoring Practices modal dialog). The trigger opens the <dialog> with
// showModal(): by its invoker command where the browser supports commandfor, by this script
// where it does not. The page behind is inert and Escape closes it (both native); this keeps
// Tab and Shift+Tab inside the dialog, returns focus to the trigger on closing, and says which
// action closed it.
(function () {
  "use strict";
  var invokers = "commandForElement" in HTMLButtonElement.prototype;
  CatalogDemos.enhance('[data-demo="dialog"]', function (demo) {
    var trigger = demo.querySelector(".dialog__trigger");
    var dialog = trigger && document.getElementById(trigger.getAttribute("commandfor"));
    if (!dialog || typeof dialog.showModal !== "function") return;
    var result = demo.querySelector("[data-dialog-result]");
    if (!invokers) {
      trigger.addEventListener("click", function () { if (!dialog.open) dialog.showModal(); });
    }
    dialog.addEventListener("keydown", function (event) {
      if (event.key !== "Tab") return;
      var focusable = Array.prototype.filter.call(
        dialog.querySelectorAll("button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])"),
        function (element) { return !element.disabled && element.getClientRects().length > 0; });
      if (focusable.length === 0) return;
      var first = focusable[0], last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    });
    dialog.addEventListener("close", function () {
      var button = dialog.querySelector('button[value="' + dialog.returnValue + '"]');
      if (result) {
        var name = button ? (button.getAttribute("aria-label") || button.textContent.trim()) : "Escape";
        result.textContent = "The dialog was closed with " + name + ".";
      }
      trigger.focus();
    });
  });
})();
