"""Pages run under `Content-Security-Policy: default-src 'self'` without a single error, and
without JavaScript every demo is still a working native control."""

import pytest

from pages import PAGES


@pytest.mark.parametrize("path", PAGES)
def test_pages_load_under_a_strict_csp_without_errors(new_page, base_url, path):
    page = new_page()
    response = page.goto(base_url + path)
    page.wait_for_load_state("load")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert page.errors == [], page.errors
    assert page.evaluate("document.documentElement.classList.contains('js')"), "the site script ran"


def test_enhancement_runs_under_csp(component):
    page = component("toggle-button")
    assert page.errors == []
    assert page.locator("#demo .toggle-button__input").first.get_attribute("role") == "button"
    assert page.locator(".tabs").first.evaluate("el => el.classList.contains('is-enhanced')")


def test_without_javascript_demos_are_native_controls(component):
    page = component("switch", java_script_enabled=False)
    switch = page.locator("#demo").get_by_role("switch", name="Show previews")
    switch.focus()
    page.keyboard.press("Space")
    assert switch.is_checked()

    page = component("checkbox", java_script_enabled=False)
    box = page.locator("#demo").get_by_role("checkbox", name="Send a receipt")
    page.locator("#demo").get_by_text("Send a receipt").click()
    assert box.is_checked()

    page = component("radio-button", java_script_enabled=False)
    group = page.locator("#demo").get_by_role("group", name="Delivery speed")
    group.get_by_role("radio", name="Standard").focus()
    page.keyboard.press("ArrowDown")
    assert group.get_by_role("radio", name="Express").is_checked()

    page = component("toggle-button", java_script_enabled=False)
    italic = page.locator("#demo").get_by_role("checkbox", name="Italic")
    italic.focus()
    page.keyboard.press("Space")
    assert italic.is_checked()

    page = component("control", java_script_enabled=False)
    light = page.locator("#demo").get_by_role("checkbox", name="Living room light")
    assert light.is_checked()
    light.click()
    assert not light.is_checked()
    # All code panels are readable as plain sections.
    assert page.locator(".tabs__panel:visible").count() == page.locator(".tabs__panel").count()


def test_not_found_page_is_served_with_404(new_page, base_url):
    page = new_page()
    response = page.goto(base_url + "components/no-such-thing/")
    assert response.status == 404
    assert "Page not found" in page.content()
    # Chrome logs the document's own 404; nothing else may fail (styles and scripts load from the base URL).
    assert [e for e in page.errors if "status of 404" not in e] == []
    assert page.evaluate("getComputedStyle(document.body).fontFamily") != "", "the stylesheet loaded"
    assert page.evaluate("document.documentElement.classList.contains('js')")


def test_a_built_page_carries_its_own_policy_where_the_host_sends_none(new_page, site_dir):
    """A static host may send no Content-Security-Policy: the page's own
    `<meta http-equiv>` (the theme's `content-security-policy:`) still refuses an inline script
    someone manages to add, and the page's own scripts run."""
    import functools
    import http.server
    import threading

    class Plain(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Plain, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page = new_page()
        response = page.goto(f"http://127.0.0.1:{server.server_address[1]}/components/switch/")
        page.wait_for_load_state("load")
        assert "content-security-policy" not in response.headers
        assert page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") == "default-src 'self'"
        assert page.evaluate("document.documentElement.classList.contains('js')"), "the site script ran"
        blocked = page.evaluate("""() => new Promise(resolve => {
            document.addEventListener('securitypolicyviolation', event => resolve(event.violatedDirective), { once: true });
            const script = document.createElement('script');
            script.textContent = 'window.__injected = true';
            document.head.appendChild(script);
            setTimeout(() => resolve(window.__injected ? 'ran' : 'none'), 1000);
        })""")
        assert blocked.startswith("script-src"), blocked
        assert not page.evaluate("window.__injected === true")
    finally:
        server.shutdown()
