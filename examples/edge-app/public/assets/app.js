// Client-side routing: every unknown path answers index.html (single_page_application).
const view = document.getElementById("app");
const res = await fetch("/api/orders");
view.textContent = res.ok ? `You have ${(await res.json()).length} orders.` : "Please sign in.";
