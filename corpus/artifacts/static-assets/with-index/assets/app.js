document.getElementById("app").textContent = `route: ${location.pathname}`;
