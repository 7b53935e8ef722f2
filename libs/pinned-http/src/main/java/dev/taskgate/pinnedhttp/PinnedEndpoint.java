package dev.taskgate.pinnedhttp;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * An upstream URL pinned to the address its network check passed (the network policy of upstreams, {@code UpstreamAddressPolicy} in contracts): requests go
 * to that address and the host is never resolved again, so a DNS answer that changes between the check and the
 * connection is not followed. The URL's host still names the server: it is the {@code Host} header and, for https,
 * the TLS server name (SNI) and the name the certificate is checked against.
 *
 * <p>The JDK's HTTP client connects to the host of the request's URI, so the request URI names the address and the
 * {@code Host} header is set explicitly. The JDK refuses that header unless the system property
 * {@value #RESTRICTED_HEADERS} lists {@code host}, and reads the property once, when its HTTP client is first used:
 * this class sets it when it is loaded and fails loudly if the JDK read it before. With an address in the URI the JDK
 * sends no SNI of its own and checks the certificate against the SNI name first (SunJSSE's trust manager), which is
 * the URL's host set by {@link #clientBuilder(Optional)}.
 */
public record PinnedEndpoint(URI url, InetAddress address) {

    /** The JDK property naming the restricted headers a request may set. */
    public static final String RESTRICTED_HEADERS = "jdk.httpclient.allowRestrictedHeaders";

    static {
        allowHostHeader();
    }

    public PinnedEndpoint {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(address, "address");
        if (url.getHost() == null || url.getRawAuthority() == null) {
            throw new IllegalArgumentException("an upstream URL needs a host: " + url);
        }
    }

    /** The URI requests are sent to: the URL with its host replaced by the address. */
    public URI connectUri() {
        String literal = address.getHostAddress();
        if (address instanceof Inet6Address) {
            int scope = literal.indexOf('%');
            literal = "[" + (scope < 0 ? literal : literal.substring(0, scope)) + "]";
        }
        StringBuilder uri = new StringBuilder(url.getScheme()).append("://").append(literal);
        if (url.getPort() > 0) {
            uri.append(':').append(url.getPort());
        }
        uri.append(url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath());
        if (url.getRawQuery() != null) {
            uri.append('?').append(url.getRawQuery());
        }
        return URI.create(uri.toString());
    }

    /** The {@code Host} header: the URL's host and port, as written. */
    public String hostHeader() {
        return url.getRawAuthority();
    }

    /** A request to the address with the URL's {@code Host}. */
    public HttpRequest.Builder request() {
        return HttpRequest.newBuilder(connectUri()).header("Host", hostHeader());
    }

    /** The TLS server name: the URL's host for https, unless it is an address itself. */
    public Optional<String> serverName() {
        return serverNameOf(url);
    }

    /** As {@link #serverName()} for {@code url}. */
    public static Optional<String> serverNameOf(URI url) {
        String host = url.getHost();
        if (!"https".equals(url.getScheme().toLowerCase(Locale.ROOT)) || host == null || host.startsWith("[")) {
            return Optional.empty();
        }
        if (host.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
            return Optional.empty();
        }
        return Optional.of(host);
    }

    /**
     * An HTTP client builder whose TLS connections name {@code serverName} (SNI) and check the certificate against
     * it; a client serves the endpoints of one server name, over HTTP/1.1. Its TLS context (the JVM's default trust) is its own:
     * TLS sessions are cached per context and address, and a resumed session is not checked against the name again,
     * so a context shared by two server names at one address would let the second skip its check.
     */
    public static HttpClient.Builder clientBuilder(Optional<String> serverName) {
        return clientBuilder(serverName, newContext());
    }

    /** As {@link #clientBuilder(Optional)} with {@code context}, which must not serve another server name. */
    public static HttpClient.Builder clientBuilder(Optional<String> serverName, SSLContext context) {
        // HTTP/1.1: over HTTP/2 the JDK takes :authority from the URI (the address), not from the Host header
        HttpClient.Builder builder =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context);
        if (serverName.isPresent()) {
            SSLParameters parameters = context.getDefaultSSLParameters();
            parameters.setServerNames(List.of(new SNIHostName(serverName.get())));
            builder.sslParameters(parameters);
        }
        return builder;
    }

    private static SSLContext newContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, null, null);
            return context;
        } catch (NoSuchAlgorithmException | KeyManagementException e) {
            throw new IllegalStateException("this JVM cannot make a TLS context", e);
        }
    }

    /** Lets requests set {@code Host}; idempotent. */
    public static void allowHostHeader() {
        String current = System.getProperty(RESTRICTED_HEADERS);
        if (current == null || current.isBlank()) {
            System.setProperty(RESTRICTED_HEADERS, "host");
        } else if (Arrays.stream(current.split(",")).map(String::strip).noneMatch("host"::equalsIgnoreCase)) {
            System.setProperty(RESTRICTED_HEADERS, current + ",host");
        }
        try {
            HttpRequest.newBuilder(URI.create("http://127.0.0.1/")).header("Host", "probe");
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "The JDK HTTP client was used before upstream calls could allow their Host header; start the JVM"
                            + " with -D" + RESTRICTED_HEADERS + "=host",
                    e);
        }
    }
}
