// A classic script: <ui-card-note> shows its text as a note under a card.
(function () {
  "use strict";
  class UICardNote extends HTMLElement {
    connectedCallback() { this.setAttribute("role", "note"); this.classList.add("ui-card-note"); }
  }
  customElements.define("ui-card-note", UICardNote);
})();
