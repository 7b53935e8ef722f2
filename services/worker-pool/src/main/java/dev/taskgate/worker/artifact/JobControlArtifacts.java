package dev.taskgate.worker.artifact;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.worker.WorkerConfig;

/**
 * worker-pool's client of job-control's internal artifact API ({@code taskgate.worker.job-control-url}). Blocking,
 * with a bounded timeout: it runs on a child's reader thread while the operation waits.
 */
@ApplicationScoped
public class JobControlArtifacts {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final AssertionSigner signer;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    @Inject
    JobControlArtifacts(WorkerConfig config) {
        this(config.jobControlUrl(), config.serviceSigningKey());
    }

    /** @param signingKey worker-pool's signing key, {@code <keyId>:<base64 key>}; children never see it */
    JobControlArtifacts(URI base, String signingKey) {
        this.base = base;
        this.signer = new AssertionSigner(
                "worker-pool", "job-control", ServiceKeys.signingKey(signingKey), Clock.systemUTC());
    }

    /**
     * The unexpired artifact retained under {@code key} in {@code workspace}.
     *
     * @return empty when job-control answers 404 (unknown, expired, or not that workspace's)
     * @throws IllegalStateException when job-control cannot be reached or answers anything else
     */
    public Optional<ArtifactContent> findByKey(String workspace, String key) {
        URI uri = base.resolve("/internal/v1/artifacts/by-key?workspace=" + encode(workspace) + "&key=" + encode(key));
        HttpResponse<byte[]> response;
        try {
            response = http.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(TIMEOUT)
                            .header("Accept", "application/json")
                            // worker-pool's own call for its execution's workspace (docs/security.md)
                            .header(
                                    CallerAssertion.HEADER,
                                    signer.sign(
                                            "GET",
                                            uri.getRawPath() + "?" + uri.getRawQuery(),
                                            null,
                                            null,
                                            workspace,
                                            null))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("job-control at " + base + " cannot be reached: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking job-control", e);
        }
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("job-control answered " + response.statusCode() + " for an artifact");
        }
        return Optional.of(Wire.fromBytes(response.body(), ArtifactContent.class));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
