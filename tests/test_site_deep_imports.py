"""Text nested deeper than any file of ours, pasted into the site's Import boxes (probe 10): refused in one line,
and the page's Python goes on.

Before, ``'[' * 100000`` imported on Train, or ``'{"a":' * 50000`` loaded on Play, ended the page's Python:
"Pyodide has suffered a fatal error ... RangeError: Maximum call stack size exceeded" in the console, Next puzzle
did nothing and the table stopped answering. The depth is now checked before any JSON parser meets the text
(:func:`nomercy.core.inputs.shallow_json`). A console error fails (the session checks it at the end).
"""

from __future__ import annotations

import pytest

from test_site import KERNEL_MS, _app_ready, site, visit  # noqa: F401 - the served site, as the other site tests use it

pytestmark = pytest.mark.site


def test_train_refuses_progress_nested_too_deep_and_serves_the_next_puzzle(site: str) -> None:  # noqa: F811
    with visit(site) as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        trainer.locator('[data-testid="trainer-import"] summary').click()
        page.evaluate("() => { const box = document.querySelector('[data-testid=\"trainer-import-text\"]');"
                      " box.value = '['.repeat(100000); box.dispatchEvent(new Event('input', {bubbles: true})); }")
        trainer.locator('[data-testid="trainer-import-go"]').click()
        result = trainer.locator('[data-testid="trainer-transfer-result"][data-kind="refused"]')
        result.wait_for(timeout=KERNEL_MS)
        assert "it is nested deeper than any progress file" in (result.text_content() or "")
        served = trainer.get_attribute("data-served")
        trainer.locator('[data-testid="trainer-next"]').click()
        page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                               arg=[trainer.element_handle(), served], timeout=KERNEL_MS)
        session.check()


def test_play_refuses_a_record_nested_too_deep_and_the_table_goes_on(site: str) -> None:  # noqa: F811
    with visit(site) as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        table.locator('[data-testid="import"] summary').click()
        page.evaluate("() => { const box = document.querySelector('[data-testid=\"import-text\"]');"
                      " box.value = '{\"a\":'.repeat(50000); }")
        table.locator('[data-testid="btn-import"]').click()
        error = table.locator('[data-testid="import-error"]')
        page.wait_for_function("() => !document.querySelector('[data-testid=\"import-error\"]').hidden",
                               timeout=KERNEL_MS)
        assert "nested too deeply" in (error.text_content() or ""), error.text_content()
        table.locator('[data-testid="btn-export"]').click()  # the page's Python still answers
        table.locator('textarea[data-testid="export"]').wait_for(timeout=KERNEL_MS)
        assert '"moves"' in table.locator('textarea[data-testid="export"]').input_value()
        session.check()
