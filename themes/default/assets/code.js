// catalog-build default theme: code blocks. Each block in a known language is highlighted with
// highlight.js (vendor/highlight.min.js; the page reads as plain code without it), and every
// block and code tab gets a Copy button: a real button, so it works from the keyboard, and a
// polite status says when the code is on the clipboard.
(function () {
  "use strict";
  var hljs = window.hljs;
  if (hljs) hljs.configure({ hideUpgradeWarningAcceptNoSupportOrSecurityUpdates: true });
  // Highlights a code element in its language-* class; the playground calls it on new code too.
  function highlight(code) {
    var match = /\blanguage-([\w-]+)/.exec(code.className);
    if (hljs && match && hljs.getLanguage(match[1])) {
      code.innerHTML = hljs.highlight(match[1], code.textContent, true).value;
      code.classList.add("hljs");
    }
  }
  window.CatalogCode = { highlight: highlight };
  Array.prototype.forEach.call(document.querySelectorAll("pre > code[class*='language-']"), highlight);

  var status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  document.body.appendChild(status);

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      document.body.removeChild(area);
      if (done) resolve(); else reject(new Error("copy refused"));
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("pre"), function (pre, index) {
    var code = pre.querySelector("code");
    if (!code || code.classList.contains("language-demo") || pre.closest("[data-no-copy]")) return;
    var named = pre.closest("[data-code-label]");
    var label = named ? named.getAttribute("data-code-label") : "";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = "Copy";
    button.setAttribute("aria-label", label ? "Copy the code: " + label : "Copy the code");
    button.addEventListener("click", function () {
      copy(code.textContent).then(function () {
        button.textContent = "Copied";
        status.textContent = "The code is on the clipboard.";
      }, function () {
        button.textContent = "Copy failed";
        status.textContent = "The code could not be copied; select it and copy it by hand.";
      });
      window.setTimeout(function () { button.textContent = "Copy"; }, 2000);
    });
    var frame = document.createElement("div");
    frame.className = "code-frame";
    pre.parentNode.insertBefore(frame, pre);
    frame.appendChild(button);
    frame.appendChild(pre);
  });
})();
