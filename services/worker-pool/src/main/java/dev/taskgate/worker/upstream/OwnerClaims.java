package dev.taskgate.worker.upstream;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.tracing.TraceContext;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.report.ExecutionTraces;

/**
 * Asks job-control whether this instance owns an execution's epoch before a call that must happen at most once (docs/
 * gateway.md "Calls that must happen once"). Kafka may deliver a {@code RunOperation} again to another instance when
 * the first one died before its offset was committed; only the first instance to start the epoch may call. Blocking,
 * a few bounded attempts.
 */
@ApplicationScoped
public class OwnerClaims {
    private static final Logger LOG = Logger.getLogger(OwnerClaims.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int ATTEMPTS = 3;

    /** What job-control answered. */
    public enum Claim {
        /** This instance owns the epoch: it may call. */
        GRANTED,
        /** Another instance owns it, or the epoch is over: this run is a duplicate and must not call. */
        REFUSED,
        /** job-control could not be asked: whether this run may call is unknown, so it must not. */
        UNKNOWN
    }

    private final URI base;
    private final String instanceId;
    private final Duration backoff;
    private final AssertionSigner signer;
    private final ExecutionTraces traces;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    @Inject
    OwnerClaims(WorkerConfig config, ExecutionTraces traces) {
        this(config.jobControlUrl(), config.serviceSigningKey(), config.instanceId(), Duration.ofSeconds(1), traces);
    }

    /** @param backoff the wait after the first unanswered attempt; doubled after the second */
    OwnerClaims(URI base, String signingKey, String instanceId, Duration backoff) {
        this(base, signingKey, instanceId, backoff, new ExecutionTraces());
    }

    OwnerClaims(URI base, String signingKey, String instanceId, Duration backoff, ExecutionTraces traces) {
        this.traces = traces;
        this.base = base;
        this.instanceId = instanceId;
        this.backoff = backoff;
        this.signer = new AssertionSigner(
                "worker-pool", "job-control", ServiceKeys.signingKey(signingKey), Clock.systemUTC());
    }

    /** Claims {@code epoch} of {@code executionId} for this instance. */
    public Claim claim(UUID executionId, long epoch) throws InterruptedException {
        String target = "/internal/v1/executions/" + executionId + "/owner-claim?epoch=" + epoch + "&worker="
                + URLEncoder.encode(instanceId, StandardCharsets.UTF_8);
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(target))
                        .timeout(TIMEOUT)
                        .header(CallerAssertion.HEADER, signer.sign("POST", target, null, null, null, null))
                        .POST(HttpRequest.BodyPublishers.noBody());
                // the JDK client is not traced: the claim joins the execution's trace by hand
                traces.of(executionId).ifPresent(trace -> {
                    request.header(TraceContext.TRACEPARENT, trace.traceparent());
                    if (trace.tracestate() != null) {
                        request.header(TraceContext.TRACESTATE, trace.tracestate());
                    }
                });
                HttpResponse<Void> response = http.send(request.build(), HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 204) {
                    return Claim.GRANTED;
                }
                if (response.statusCode() == 409) {
                    return Claim.REFUSED;
                }
                LOG.warnf(
                        "Owner claim answered %d [executionId=%s epoch=%d attempt=%d]",
                        response.statusCode(), executionId, epoch, attempt);
            } catch (IOException e) {
                LOG.warnf(
                        "Owner claim not answered [executionId=%s epoch=%d attempt=%d reason=%s]",
                        executionId, epoch, attempt, e.getMessage());
            }
            if (attempt < ATTEMPTS) {
                Thread.sleep(backoff.toMillis() * attempt);
            }
        }
        return Claim.UNKNOWN;
    }
}
