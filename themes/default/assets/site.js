// catalog-build default theme: marks that scripts run, so styles for enhanced widgets apply.
document.documentElement.classList.add("js");
