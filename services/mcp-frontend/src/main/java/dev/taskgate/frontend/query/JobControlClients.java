package dev.taskgate.frontend.query;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;

import dev.taskgate.frontend.FrontendConfig;

/**
 * Builds the REST clients of job-control's internal API with the frontend's address and timeouts; every call they
 * make is signed ({@link JobControlCallSigner}).
 */
public final class JobControlClients {
    private JobControlClients() {}

    /**
     * A client for {@code api}. Statuses are interpreted by the caller (a 404 is an answer, not an error), so the
     * default exception mapping is off.
     */
    public static <T> T build(FrontendConfig config, Class<T> api) {
        return build(config, api, config.jobControlReadTimeout());
    }

    /** A client for {@code api} whose calls may take up to {@code readTimeout} (job-control waits for upstreams). */
    public static <T> T build(FrontendConfig config, Class<T> api, Duration readTimeout) {
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(config.jobControlUrl())
                .connectTimeout(config.jobControlConnectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(readTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .disableDefaultMapper(true)
                .register(new JobControlCallSigner(config.serviceSigningKey()))
                .build(api);
    }
}
