// The Controls playground of a component page. It loads playground.json (the component's
// examples and appearances) and the kind's file it names (the kind's contract, the theme's
// symbols and the kind's own templates, one content-addressed file every component shares),
// builds a form from the contract, and on every change renders the demo again with mustache.js
// from the same templates the build renders with, shows its HTML and the example as YAML for
// component.yaml, and keeps the settings in the address (?pg.example=2&pg.f.label=…), so a link
// reproduces them. The template context is the one DemoMarkup.context(for:) builds in Swift.
(function () {
  "use strict";
  var root = document.querySelector("[data-playground]");
  if (!root || !window.Mustache || !window.fetch) return;
  var Mustache = window.Mustache;
  // swift-mustache escapes these five characters; so does the playground, so its HTML is the build's.
  var escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" };
  Mustache.escape = function (text) { return String(text).replace(/[&<>"']/g, function (c) { return escapes[c]; }); };

  var form = root.querySelector("[data-playground-form]");
  var stage = root.querySelector("[data-playground-stage]");
  var output = root.querySelector("[data-playground-output]");
  var htmlCode = root.querySelector("[data-playground-html]");
  var yamlCode = root.querySelector("[data-playground-yaml]");
  var status = root.querySelector("[data-playground-status]");
  var prefix = "pg.";
  var data = null;
  var state = null;
  var uid = 0;

  // ---- The template context (DemoMarkup.context(for:) in Swift) ----

  function slug(text) {
    var out = "";
    Array.from(String(text).toLowerCase()).forEach(function (ch) {
      if (ch === " " || ch === "-") out += "-";
      else if (ch === "_" || /[\p{Alphabetic}\p{N}]/u.test(ch)) out += ch;
    });
    return out || "section";
  }
  function key(name) { return name.replace(/-/g, "_"); }
  function formatNumber(value) {
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    var text = value.toFixed(4).replace(/0+$/, "").replace(/\.$/, "");
    return text === "-0" ? "0" : text;
  }
  function toNumber(text) {
    if (text === null || text === undefined || text === "") return null;
    var number = Number(String(text).replace(/_/g, ""));
    return isFinite(number) ? number : null;
  }
  function own(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
  function given(values, field) {
    return own(values, field.name) ? values[field.name] : null;
  }

  // A value from the address, as the field can take it, or undefined when it cannot (a hand-made
  // or hostile address: `[null]` for a list, `"constructor"` for a symbol, an object for text).
  function fit(field, value) {
    switch (field.type) {
      case "bool":
        return typeof value === "boolean" ? value : undefined;
      case "number":
        return (typeof value === "number" || typeof value === "string") && toNumber(value) !== null ? value : undefined;
      case "symbol":
        return typeof value === "string" && own(data.symbols, value) ? value : undefined;
      case "enum":
        return typeof value === "string" && field.values.indexOf(value) >= 0 ? value : undefined;
      case "list":
        if (!Array.isArray(value)) return undefined;
        return value.filter(function (item) { return item !== null && typeof item === "object" && !Array.isArray(item); }).map(function (item) {
          var clean = {};
          field.of.forEach(function (itemField) {
            if (!own(item, itemField.name)) return;
            var fitted = fit(itemField, item[itemField.name]);
            if (fitted !== undefined) clean[itemField.name] = fitted;
          });
          return clean;
        });
      default:
        return typeof value === "string" || (typeof value === "number" && isFinite(value)) ? String(value) : undefined;
    }
  }

  function contextOf(values, fields, id, fallbackText) {
    var context = {};
    fields.forEach(function (field) {
      var k = key(field.name);
      var value = given(values, field);
      if (field.type === "list") {
        var written = Array.isArray(value) ? value : [];
        var items = written.map(function (item, index) {
          var itemId = id + "-" + k + "-" + (index + 1);
          var itemContext = contextOf(item || {}, field.of, itemId, null);
          itemContext.id = itemId;
          itemContext.number = index + 1;
          itemContext.first = index === 0;
          itemContext.last = index === written.length - 1;
          return itemContext;
        });
        fields.forEach(function (other) {
          if (other.type !== "item" || other.from !== field.name) return;
          var chosen = given(values, other);
          if (chosen === null) chosen = other["default"];
          items.forEach(function (item) { item["is_" + key(other.name)] = chosen !== null && chosen !== undefined && item.label === chosen; });
        });
        context[k] = items;
        context["has_" + k] = items.length > 0;
        context[k + "_ids"] = items.map(function (item) { return item.id; }).join(" ");
        field.of.forEach(function (itemField) {
          if (itemField.type !== "bool") return;
          var itemKey = key(itemField.name);
          var count = items.filter(function (item) { return item[itemKey] === true; }).length;
          context[k + "_all_" + itemKey] = items.length > 0 && count === items.length;
          context[k + "_some_" + itemKey] = count > 0 && count < items.length;
          context[k + "_none_" + itemKey] = count === 0;
        });
        return;
      }
      if (value === null || value === undefined) value = field["default"];
      if ((value === null || value === undefined) && field.required && field.type === "text" && fallbackText !== null) value = fallbackText;
      switch (field.type) {
        case "bool":
          var flag = value === true || value === "true";
          context[k] = flag;
          context["has_" + k] = flag;
          break;
        case "number":
          var number = toNumber(value);
          context[k] = number === null ? "" : formatNumber(number);
          context["has_" + k] = number !== null;
          break;
        case "symbol":
          var svg = typeof value === "string" && own(data.symbols, value) ? data.symbols[value] : undefined;
          context[k] = svg || "";
          context[k + "_name"] = value || "";
          context["has_" + k] = svg !== undefined;
          break;
        case "enum":
          var chosen = field.values.indexOf(value) >= 0 ? value : null;
          context[k] = chosen || "";
          context["has_" + k] = chosen !== null;
          field.values.forEach(function (option, index) { context[k + "_" + field.valueKeys[index]] = chosen === option; });
          break;
        default:
          var text = value === null || value === undefined ? null : String(value);
          context[k] = text || "";
          context["has_" + k] = text !== null && text !== "";
          context[k + "_slug"] = slug(text || "");
      }
    });
    return context;
  }

  function render() {
    var context = contextOf(state.values, data.fields, data.id, data.component);
    context.id = data.id;
    context.example_id = data.id;
    context.kind = data.kind;
    context.title = state.title === null ? data.component : state.title;
    context.state_class = "";
    context.state_label = "";
    context["static"] = false;
    context.live = true;
    context.symbols = data.symbols;
    return Mustache.render(data.templates[data.template], context, data.templates).replace(/^\n+|\n+$/g, "");
  }

  // ---- YAML for component.yaml ----

  var plainText = /^[A-Za-z][A-Za-z0-9 .'’()\/-]*$/;
  var reserved = /^(true|false|yes|no|on|off|null|y|n|~)$/i;
  function yamlScalar(value, field) {
    if (typeof value === "boolean") return value ? "true" : "false";
    if (field && field.type === "number" && toNumber(value) !== null) return formatNumber(toNumber(value));
    var text = String(value);
    if (plainText.test(text) && !reserved.test(text) && text.trim() === text) return text;
    return JSON.stringify(text);
  }
  function sameAsDefault(field, value) {
    var fallback = field["default"];
    if (field.type === "bool") return (value === true) === (fallback === true);
    if (field.type === "number") return toNumber(value) === toNumber(fallback);
    return fallback !== null && fallback !== undefined && String(value) === String(fallback);
  }
  function yamlMap(values, fields) {
    var pairs = [];
    fields.forEach(function (field) {
      var value = given(values, field);
      if (value === null || value === undefined || value === "" || sameAsDefault(field, value)) return;
      if (field.type === "list") {
        if (!value.length) return;
        pairs.push([field.name, "[" + value.map(function (item) { return "{ " + yamlMap(item || {}, field.of).map(function (pair) { return pair[0] + ": " + pair[1]; }).join(", ") + " }"; }).join(", ") + "]"]);
      } else {
        pairs.push([field.name, yamlScalar(value, field)]);
      }
    });
    return pairs;
  }
  function yaml() {
    var pairs = [];
    if (state.title !== null && state.title !== "") pairs.push(["title", yamlScalar(state.title)]);
    if (state.appearance) pairs.push(["appearance", yamlScalar(state.appearance)]);
    pairs = pairs.concat(yamlMap(state.values, data.fields));
    var lines = ["demo:", "  kind: " + data.kind, "  examples:"];
    pairs.forEach(function (pair, index) { lines.push((index === 0 ? "    - " : "      ") + pair[0] + ": " + pair[1]); });
    if (!pairs.length) lines.push("    - {}");
    return lines.join("\n");
  }

  // ---- The address ----

  // Written only after the reader changes a setting (a page never rewrites its own address on
  // load), and only what differs from the first example: back at it, the address is clean again.
  function writeAddress() {
    var params = new URLSearchParams(window.location.search);
    Array.from(params.keys()).filter(function (name) { return name.indexOf(prefix) === 0; }).forEach(function (name) { params["delete"](name); });
    var base = data.examples[state.example] || { values: {}, title: null, appearance: null };
    if (state.title !== base.title) params.set(prefix + "title", state.title === null ? "" : state.title);
    if ((state.appearance || "") !== (base.appearance || "")) params.set(prefix + "appearance", state.appearance || "");
    if (state.rtl) params.set(prefix + "dir", "rtl");
    data.fields.forEach(function (field) {
      var now = given(state.values, field), was = given(base.values, field);
      if (JSON.stringify(now) === JSON.stringify(was)) return;
      params.set(prefix + "f." + field.name, now === null ? "" : JSON.stringify(now));
    });
    if (state.example !== 0) params.set(prefix + "example", String(state.example + 1));
    var query = params.toString();
    window.history.replaceState(window.history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
  }

  function readAddress() {
    var params = new URLSearchParams(window.location.search);
    var index = parseInt(params.get(prefix + "example") || "1", 10) - 1;
    if (!(index >= 0 && index < data.examples.length)) index = 0;
    start(index);
    if (params.has(prefix + "title")) state.title = params.get(prefix + "title");
    if (params.has(prefix + "appearance")) {
      var name = params.get(prefix + "appearance");
      state.appearance = data.appearances.some(function (a) { return a.name === name; }) ? name : null;
    }
    state.rtl = params.get(prefix + "dir") === "rtl";
    data.fields.forEach(function (field) {
      var name = prefix + "f." + field.name;
      if (!params.has(name)) return;
      var text = params.get(name);
      if (text === "") { delete state.values[field.name]; return; }
      // What does not fit the field is ignored: the example's value stays.
      try {
        var fitted = fit(field, JSON.parse(text));
        if (fitted !== undefined) state.values[field.name] = fitted;
      } catch (error) { /* not JSON: keep the example's value */ }
    });
  }

  function start(index) {
    var example = data.examples[index] || { title: null, appearance: null, values: {} };
    state = {
      example: index,
      title: example.title,
      appearance: example.appearance,
      values: JSON.parse(JSON.stringify(example.values)),
      rtl: state ? state.rtl : false
    };
  }

  // ---- Output ----

  // code.js highlights code blocks; the same function colours the playground's new code.
  function highlight(code) {
    if (window.CatalogCode) window.CatalogCode.highlight(code);
  }

  // `fromReader`: the reader changed a setting, so the address says what the playground shows.
  function update(announce, fromReader) {
    var html = render();
    var appearance = data.appearances.filter(function (a) { return a.name === state.appearance; })[0];
    stage.className = "demo-stage playground__stage" + (appearance ? " " + appearance["class"] : "");
    stage.setAttribute("dir", state.rtl ? "rtl" : "ltr");
    stage.innerHTML = html;
    stage.dispatchEvent(new CustomEvent("catalog-build:render", { bubbles: true }));
    htmlCode.textContent = html;
    highlight(htmlCode);
    yamlCode.textContent = yaml();
    highlight(yamlCode);
    if (fromReader !== false) writeAddress();
    if (announce && status) status.textContent = "The preview is updated.";
  }

  // ---- The form ----

  function humanize(name) {
    var words = name.replace(/[-_]+/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function nextId(name) { uid += 1; return "pg-" + uid + "-" + slug(name); }

  // A labelled row: label, optional hint, the control. Returns the row.
  function row(labelText, hint, control) {
    var wrapper = element("div", { "class": "playground__field" });
    var id = control.id || nextId(labelText);
    control.id = id;
    var label = element("label", { "for": id, "class": "playground__label" }, labelText);
    wrapper.appendChild(label);
    if (hint) {
      var hintNode = element("p", { "class": "playground__hint", id: id + "-hint" }, hint);
      control.setAttribute("aria-describedby", id + "-hint");
      wrapper.appendChild(hintNode);
    }
    wrapper.appendChild(control);
    return wrapper;
  }

  function selectControl(options, value) {
    var select = element("select", { "class": "playground__input" });
    options.forEach(function (option) {
      var node = element("option", { value: option.value }, option.label);
      if (option.value === value) node.selected = true;
      select.appendChild(node);
    });
    return select;
  }

  function checkboxRow(labelText, hint, checked, onChange) {
    var wrapper = element("div", { "class": "playground__field playground__field--check site-check" });
    var id = nextId(labelText);
    var input = element("input", { type: "checkbox", id: id, "class": "playground__checkbox" });
    input.checked = checked;
    input.addEventListener("change", function () { onChange(input.checked); });
    wrapper.appendChild(input);
    wrapper.appendChild(element("span", { "class": "site-check__box", "aria-hidden": "true" }));
    wrapper.appendChild(element("label", { "for": id, "class": "playground__label" }, labelText));
    if (hint) {
      wrapper.appendChild(element("p", { "class": "playground__hint", id: id + "-hint" }, hint));
      input.setAttribute("aria-describedby", id + "-hint");
    }
    return wrapper;
  }

  // One field's control; `values` is the object it edits, `rebuild` redraws the form.
  function fieldControl(field, values, onChange, rebuild, siblings) {
    var value = given(values, field);
    var label = humanize(field.name) + (field.required ? " (required)" : "");
    var hint = field.description || "";
    function set(next) {
      if (next === null || next === undefined || next === "") delete values[field.name]; else values[field.name] = next;
      onChange();
    }
    switch (field.type) {
      case "bool":
        var current = value === null ? field["default"] === true : value === true;
        return checkboxRow(label, hint, current, function (checked) { set(checked); });
      case "enum":
        var chosen = value === null ? field["default"] : value;
        if (field.values.length <= 4) {
          var group = element("fieldset", { "class": "playground__field playground__choice" });
          group.appendChild(element("legend", { "class": "playground__label" }, label));
          if (hint) {
            var hintId = nextId(field.name + "-hint");
            group.appendChild(element("p", { "class": "playground__hint", id: hintId }, hint));
            group.setAttribute("aria-describedby", hintId);
          }
          var name = nextId(field.name);
          var options = (field.required || field["default"] !== null) ? field.values : [""].concat(field.values);
          options.forEach(function (option) {
            var id = nextId(field.name + "-" + (option || "none"));
            var radio = element("input", { type: "radio", name: name, id: id, value: option, "class": "playground__radio" });
            radio.checked = (chosen || "") === option;
            radio.addEventListener("change", function () { if (radio.checked) set(option); });
            var item = element("div", { "class": "playground__option site-check site-check--radio" });
            item.appendChild(radio);
            item.appendChild(element("span", { "class": "site-check__box", "aria-hidden": "true" }));
            item.appendChild(element("label", { "for": id }, option || "None"));
            group.appendChild(item);
          });
          return group;
        }
        var select = selectControl([{ value: "", label: "None" }].concat(field.values.map(function (v) { return { value: v, label: v }; })), chosen || "");
        select.addEventListener("change", function () { set(select.value); });
        return row(label, hint, select);
      case "symbol":
        var symbols = Object.keys(data.symbols).sort();
        var symbolSelect = selectControl([{ value: "", label: "None" }].concat(symbols.map(function (s) { return { value: s, label: s }; })), value === null ? (field["default"] || "") : value);
        symbolSelect.addEventListener("change", function () { set(symbolSelect.value); });
        return row(label, hint, symbolSelect);
      case "item":
        var labels = (Array.isArray(siblings[field.from]) ? siblings[field.from] : []).map(function (item) { return item && item.label; }).filter(Boolean);
        var itemSelect = selectControl([{ value: "", label: "None" }].concat(labels.map(function (l) { return { value: l, label: l }; })), value === null ? (field["default"] || "") : value);
        itemSelect.addEventListener("change", function () { set(itemSelect.value); });
        return row(label, hint, itemSelect);
      case "number":
        var wrapper = element("div", { "class": "playground__number" });
        var number = element("input", { type: "number", "class": "playground__input", inputmode: "decimal", step: "any" });
        var range = null;
        var minimum = field.min !== undefined ? field.min : null, maximum = field.max !== undefined ? field.max : null;
        if (minimum !== null) number.min = minimum;
        if (maximum !== null) number.max = maximum;
        number.value = value === null ? "" : value;
        if (value === null && field["default"] !== null) number.placeholder = field["default"];
        number.addEventListener("input", function () {
          if (range && number.value !== "") range.value = number.value;
          set(number.value === "" ? null : number.value);
        });
        var numberRow = row(label, hint, number);
        if (minimum !== null && maximum !== null && maximum - minimum <= 1000) {
          range = element("input", { type: "range", "class": "playground__range", min: minimum, max: maximum, step: "any", "aria-label": humanize(field.name) + ", slider" });
          range.value = value === null ? (field["default"] !== null ? field["default"] : minimum) : value;
          range.addEventListener("input", function () { number.value = range.value; set(range.value); });
          numberRow.appendChild(range);
        }
        return numberRow;
      case "list":
        return listControl(field, values, onChange, rebuild);
      default:
        var input = element("input", { type: "text", "class": "playground__input" });
        input.value = value === null ? "" : value;
        if (value === null && field["default"] !== null) input.placeholder = field["default"];
        input.addEventListener("input", function () { set(input.value === "" ? null : input.value); });
        return row(label, hint, input);
    }
  }

  function listControl(field, values, onChange, rebuild) {
    var group = element("fieldset", { "class": "playground__field playground__list" });
    group.appendChild(element("legend", { "class": "playground__label" }, humanize(field.name)));
    if (field.description) group.appendChild(element("p", { "class": "playground__hint" }, field.description));
    var items = Array.isArray(given(values, field)) ? given(values, field) : [];
    items.forEach(function (item, index) {
      var box = element("fieldset", { "class": "playground__list-item" });
      var name = item && (item.label || item[field.of[0].name]);
      box.appendChild(element("legend", {}, humanize(field.name) + " " + (index + 1) + (name ? ": " + name : "")));
      field.of.forEach(function (itemField) {
        box.appendChild(fieldControl(itemField, item, onChange, rebuild, {}));
      });
      var remove = element("button", { type: "button", "class": "playground__button" }, "Remove " + (name || "item " + (index + 1)));
      remove.addEventListener("click", function () {
        items.splice(index, 1);
        values[field.name] = items;
        onChange();
        rebuild(field.name);
      });
      box.appendChild(remove);
      group.appendChild(box);
    });
    var add = element("button", { type: "button", "class": "playground__button", "data-add": field.name }, "Add " + (field.name.replace(/s$/, "") || "item"));
    add.addEventListener("click", function () {
      var item = {};
      field.of.forEach(function (itemField) {
        if (itemField.type === "text" && itemField.required) item[itemField.name] = humanize(itemField.name) + " " + (items.length + 1);
      });
      items.push(item);
      values[field.name] = items;
      onChange();
      rebuild(field.name);
    });
    group.appendChild(add);
    return group;
  }

  function buildForm(focusAdd) {
    form.textContent = "";
    // Start from an example.
    var examples = selectControl(data.examples.map(function (example, index) { return { value: String(index), label: example.title }; }), String(state.example));
    examples.addEventListener("change", function () {
      start(parseInt(examples.value, 10));
      buildForm();
      update(true);
    });
    form.appendChild(row("Start from the example", "", examples));
    var title = element("input", { type: "text", "class": "playground__input" });
    title.value = state.title || "";
    title.addEventListener("input", function () { state.title = title.value; update(false); });
    form.appendChild(row("Title", "the example's title; the name of what it shows", title));
    if (data.appearances.length) {
      var appearance = selectControl([{ value: "", label: "The component's first appearance" }].concat(data.appearances.map(function (a) { return { value: a.name, label: a.name }; })), state.appearance || "");
      appearance.addEventListener("change", function () { state.appearance = appearance.value || null; update(true); });
      form.appendChild(row("Appearance", "the tokens that paint the example", appearance));
    }
    // Token modes: the same choice as the header's switch, which they drive.
    Array.prototype.forEach.call(document.querySelectorAll("[data-mode-switch] select"), function (header) {
      var mode = selectControl(Array.prototype.map.call(header.options, function (option) { return { value: option.value, label: option.textContent }; }), header.value);
      mode.addEventListener("change", function () {
        header.value = mode.value;
        header.dispatchEvent(new Event("change", { bubbles: true }));
      });
      header.addEventListener("change", function () { mode.value = header.value; });
      // Named after the modifier, so the header's own switch keeps its name to itself.
      var modifier = (header.getAttribute("data-attribute") || "").replace(/^data-/, "");
      form.appendChild(row("Token mode: " + modifier, "the same choice as the page's mode switch", mode));
    });
    form.appendChild(checkboxRow("Right to left", "shows the example with dir=\"rtl\"", state.rtl, function (checked) { state.rtl = checked; update(true); }));
    var fields = element("fieldset", { "class": "playground__fields" });
    fields.appendChild(element("legend", { "class": "playground__group" }, "Fields of the " + data.kindName.toLowerCase() + " kind"));
    data.fields.forEach(function (field) {
      fields.appendChild(fieldControl(field, state.values, function () { update(false); }, function (listName) {
        buildForm(listName);
      }, state.values));
    });
    form.appendChild(fields);
    if (focusAdd) {
      var button = form.querySelector('[data-add="' + focusAdd + '"]');
      if (button) button.focus();
    }
  }

  function failed(message) {
    var note = root.querySelector("[data-playground-no-script]");
    if (note) note.textContent = message;
  }

  function load(address) {
    return window.fetch(address, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    });
  }

  var address = new URL(root.getAttribute("data-playground"), document.baseURI).href;
  load(address).then(function (component) {
    return load(new URL(component.kindData, address).href).then(function (kind) {
      Object.keys(kind).forEach(function (key) { component[key] = kind[key]; });
      return component;
    });
  }).then(function (loaded) {
    data = loaded;
    if (!data.templates[data.template] || !data.examples.length) { failed("The playground has nothing to show for this kind."); return; }
    readAddress();
    buildForm();
    var note = root.querySelector("[data-playground-no-script]");
    if (note) note.remove();
    form.hidden = false;
    output.hidden = false;
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    update(false, false);
  })["catch"](function () {
    failed("The playground could not load its data (playground.json); the live demos still work.");
  });
})();
