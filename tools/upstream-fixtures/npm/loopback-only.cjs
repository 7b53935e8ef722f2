// Preloaded with `node --require` by UpstreamServers: server-everything's streamableHttp transport calls
// app.listen(PORT) without a host, which listens on every interface. Fixtures listen on loopback only, so every
// server this Node process opens on a port is bound to 127.0.0.1.
"use strict";
const net = require("node:net");

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const first = args[0];
  if (first !== null && typeof first === "object" && !Array.isArray(first)) {
    if (first.path === undefined) {
      args[0] = { ...first, host: "127.0.0.1" };
    }
  } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    if (typeof args[1] === "string") {
      args[1] = "127.0.0.1";
    } else {
      args.splice(1, 0, "127.0.0.1");
    }
  }
  return listen.apply(this, args);
};
