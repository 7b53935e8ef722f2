package dev.taskgate.worker.upstream;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.RegisteredUpstreamTarget;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamJson;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.payload.UpstreamCredentialSealing;
import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * The upstreams registered through the operator API, as this worker calls them: asked of job-control
 * ({@code GET /internal/v1/upstreams/{id}/call-target}) the first time one is called and again whenever the catalog
 * names another revision of it; the credential comes sealed and is opened here, in the parent, with worker-pool's own
 * payload key ring. Blocking: runs where a dispatch is admitted.
 */
final class RegisteredUpstreamTargets {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI jobControl;
    private final AssertionSigner signer;
    private final UpstreamCredentialSealing credentials;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final Map<String, Known> known = new ConcurrentHashMap<>();

    /** @param signingKey worker-pool's signing key, {@code <keyId>:<base64 key>}; children never see it */
    RegisteredUpstreamTargets(URI jobControl, String signingKey, UpstreamCredentialSealing credentials) {
        this.jobControl = jobControl;
        this.signer = new AssertionSigner(
                "worker-pool", "job-control", ServiceKeys.signingKey(signingKey), Clock.systemUTC());
        this.credentials = credentials;
    }

    /**
     * The registered upstream {@code id}, with its credential opened: the one known when its revision is
     * {@code revision} (the catalog's; {@code null} when the catalog does not name one), else job-control's.
     *
     * @throws UpstreamRefusedException when job-control knows no such upstream, cannot be asked, or its credential
     *                                  does not open here
     */
    UpstreamDefinition find(String id, Long revision) throws UpstreamRefusedException {
        Known cached = known.get(id);
        if (cached != null && revision != null && revision == cached.revision()) {
            return cached.upstream();
        }
        RegisteredUpstreamTarget target = fetch(id)
                .orElseThrow(() ->
                        new UpstreamRefusedException("upstream " + id + " is not registered; the tool was not called"));
        UpstreamDefinition upstream = open(id, target);
        known.put(id, new Known(target.revision(), upstream));
        return upstream;
    }

    private Optional<RegisteredUpstreamTarget> fetch(String id) throws UpstreamRefusedException {
        String path = RegisteredUpstreamTarget.PATH.replace("{id}", id);
        HttpResponse<byte[]> response;
        try {
            response = http.send(
                    HttpRequest.newBuilder(jobControl.resolve(path))
                            .timeout(TIMEOUT)
                            .header("Accept", "application/json")
                            .header(CallerAssertion.HEADER, signer.sign("GET", path, null, null, null, null))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UpstreamRefusedException("the call target of upstream " + id
                    + " could not be asked of job-control (" + e.getMessage() + "); the tool was not called");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamRefusedException("interrupted while asking job-control; the tool was not called");
        }
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw new UpstreamRefusedException("job-control answered " + response.statusCode()
                    + " for the call target of upstream " + id + "; the tool was not called");
        }
        return Optional.of(Wire.fromBytes(response.body(), RegisteredUpstreamTarget.class));
    }

    private UpstreamDefinition open(String id, RegisteredUpstreamTarget target) throws UpstreamRefusedException {
        UpstreamDefinition upstream;
        try {
            upstream = UpstreamJson.parse(target.definition(), UpstreamJson.FIELDS, node -> {
                throw new IllegalArgumentException("a call target's definition holds no credential");
            });
        } catch (IllegalArgumentException e) {
            throw new UpstreamRefusedException("the call target of upstream " + id + " is unreadable (" + e.getMessage()
                    + "); the tool was not called");
        }
        if (!upstream.id().equals(id)) {
            throw new UpstreamRefusedException(
                    "job-control answered another upstream for " + id + "; the tool was not called");
        }
        if (target.sealedCredential() == null) {
            return upstream;
        }
        String value;
        try {
            value = credentials.open(id, Base64.getDecoder().decode(target.sealedCredential()));
        } catch (PayloadUnreadableException | IllegalArgumentException e) {
            throw new UpstreamRefusedException("the credential of upstream " + id
                    + " cannot be opened with this worker's payload keys; the tool was not called");
        }
        return upstream.withCredential(Optional.of(new UpstreamCredential(target.credentialHeader(), value)));
    }

    /** A target as job-control answered it, with the credential opened. */
    private record Known(long revision, UpstreamDefinition upstream) {}
}
