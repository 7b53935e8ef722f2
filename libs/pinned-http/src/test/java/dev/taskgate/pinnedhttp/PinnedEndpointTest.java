package dev.taskgate.pinnedhttp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Requests go to the address the network policy checked, with the URL's host in {@code Host} and, over TLS, as the
 * server name the certificate is checked against: real servers on loopback, names under {@code .invalid} and
 * {@code .test} that the system resolver never answers (RFC 6761), so a request that resolved the host again could
 * not connect at all.
 */
class PinnedEndpointTest {
    private final List<String> hosts = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void theConnectionGoesToTheCheckedAddressNotToASecondResolution() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        // the check's resolver answers what the connection must use; a later answer (loopback at connect time in an
        // attack, nothing at all here) is never asked for
        AtomicInteger resolutions = new AtomicInteger();
        UpstreamAddressPolicy policy = new UpstreamAddressPolicy(
                false,
                host -> {
                    resolutions.incrementAndGet();
                    return new InetAddress[] {loopback};
                },
                address -> address.equals(loopback) ? Optional.empty() : Optional.of("private address"));
        String authority = "upstream.invalid:" + server.getAddress().getPort();
        UpstreamDefinition upstream = upstream("http://" + authority + "/mcp?x=1");
        assertThatThrownBy(() -> InetAddress.getAllByName("upstream.invalid"))
                .as("the system resolver does not know the host")
                .isInstanceOf(UnknownHostException.class);

        UpstreamAddressPolicy.Check check = policy.check(upstream);

        assertThat(check.refused()).isEmpty();
        assertThat(check.address()).isEqualTo(loopback);
        PinnedEndpoint endpoint = new PinnedEndpoint(upstream.url(), check.address());
        assertThat(endpoint.connectUri().toString())
                .isEqualTo("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp?x=1");
        HttpResponse<String> answer = PinnedEndpoint.clientBuilder(endpoint.serverName())
                .connectTimeout(Duration.ofSeconds(5))
                .build()
                .send(endpoint.request().GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("/mcp?x=1");
        assertThat(hosts).containsExactly(authority);
        assertThat(resolutions).hasValue(1);
    }

    @Test
    void aRefusedCheckNamesNoAddress() throws Exception {
        InetAddress inside = InetAddress.getByName("10.1.2.3");
        UpstreamAddressPolicy.Check check = new UpstreamAddressPolicy(false, host -> new InetAddress[] {inside})
                .check(upstream("https://mcp.example/"));
        assertThat(check.address()).isNull();
        assertThat(check.refused()).get().asString().contains("private address");
        assertThat(new UpstreamAddressPolicy(true, host -> new InetAddress[] {inside})
                        .check(upstream("https://mcp.example/"))
                        .address())
                .isEqualTo(inside);
    }

    @Test
    void overTlsTheCertificateIsCheckedAgainstTheUrlsHost() throws Exception {
        KeyStore keys = storeFor("upstream.test");
        HttpsServer https = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        https.setHttpsConfigurator(new HttpsConfigurator(context(keys)));
        https.createContext("/", this::answer);
        https.start();
        server = https;
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        int port = https.getAddress().getPort();

        PinnedEndpoint right = new PinnedEndpoint(URI.create("https://upstream.test:" + port + "/mcp"), loopback);
        HttpResponse<String> answer = PinnedEndpoint.clientBuilder(right.serverName(), context(keys))
                .build()
                .send(right.request().GET().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(right.serverName()).contains("upstream.test");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(hosts).containsExactly("upstream.test:" + port);

        PinnedEndpoint other = new PinnedEndpoint(URI.create("https://other.test:" + port + "/mcp"), loopback);
        HttpClient client =
                PinnedEndpoint.clientBuilder(other.serverName(), context(keys)).build();
        assertThatThrownBy(() -> client.send(other.request().GET().build(), HttpResponse.BodyHandlers.ofString()))
                .as("a certificate for another name is refused: the check is not skipped for an address")
                .isInstanceOf(SSLHandshakeException.class);
        PinnedEndpoint bare = new PinnedEndpoint(URI.create("https://127.0.0.1:" + port + "/mcp"), loopback);
        assertThat(bare.serverName()).isEmpty();
        assertThatThrownBy(() -> PinnedEndpoint.clientBuilder(bare.serverName(), context(keys))
                        .build()
                        .send(bare.request().GET().build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void anIpv6AddressIsBracketedAndTheDefaultPortLeftOut() throws Exception {
        PinnedEndpoint endpoint =
                new PinnedEndpoint(URI.create("https://mcp.example/a%20b"), InetAddress.getByName("2001:db8::1"));
        assertThat(endpoint.connectUri().toString()).isEqualTo("https://[2001:db8:0:0:0:0:0:1]/a%20b");
        assertThat(endpoint.hostHeader()).isEqualTo("mcp.example");
    }

    private void answer(HttpExchange exchange) throws IOException {
        hosts.add(exchange.getRequestHeaders().getFirst("Host"));
        URI uri = exchange.getRequestURI();
        byte[] body = (uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())).getBytes();
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    // a self-signed certificate for name, made by the JDK's keytool
    private KeyStore storeFor(String name) throws Exception {
        Path store = dir.resolve("tls.p12");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "upstream",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=" + name,
                        "-ext",
                        "SAN=dns:" + name,
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        "changeit")
                .redirectErrorStream(true)
                .start();
        try (InputStream out = keytool.getInputStream()) {
            out.transferTo(OutputStream.nullOutputStream());
        }
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        return keys;
    }

    // serves and trusts the certificate of keys; each context has its own TLS session cache (one shared by the two
    // names would resume the first name's session for the second without checking it, see clientBuilder)
    private static SSLContext context(KeyStore keys) throws Exception {
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, "changeit".toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(keys);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }

    private static UpstreamDefinition upstream(String url) {
        return new UpstreamDefinition(
                "u",
                URI.create(url),
                UpstreamProtocol.MCP_2025_11_25,
                "u",
                Optional.empty(),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                1,
                Duration.ofSeconds(1));
    }
}
