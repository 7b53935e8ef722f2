package dev.taskgate.worker.child.artifact;

import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.ProtocolWriter;

/**
 * The child side of artifact requests: checks the size, sends an {@code artifact-save} or {@code artifact-load}
 * line and blocks the operation until the parent's answer with the same {@code requestId} arrives
 * ({@code artifact-saved}, {@code artifact-loaded} or {@code artifact-failed}).
 */
public final class ArtifactChannel {
    /**
     * The largest content an artifact may have; equal to the contracts' {@code ArtifactRules.MAX_CONTENT_BYTES}
     * (which the child cannot see: ChildClasspath), checked here so that an oversized artifact is refused before it
     * is base64-encoded into a protocol line.
     */
    public static final int MAX_CONTENT_BYTES = 512 * 1024;
    /** The {@code code} of an {@code artifact-failed} answer that refuses the operation's arguments. */
    public static final String INVALID_ARGUMENT = "invalid_argument";
    /** How long an operation waits for the parent's answer (a Kafka acknowledgement or a job-control read). */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final ProtocolWriter out;
    private final AtomicLong requestIds = new AtomicLong();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final Duration timeout;

    public ArtifactChannel(ProtocolWriter out) {
        this(out, ANSWER_TIMEOUT);
    }

    ArtifactChannel(ProtocolWriter out, Duration timeout) {
        this.out = out;
        this.timeout = timeout;
    }

    /** See {@code OperationContext#saveArtifact}. */
    public ArtifactRef save(String name, String mediaType, byte[] content, Optional<String> key) {
        if (name == null || mediaType == null || content == null || key == null) {
            throw new IllegalArgumentException("an artifact needs a name, a media type, content and an Optional key");
        }
        if (content.length > MAX_CONTENT_BYTES) {
            throw new IllegalArgumentException("an artifact holds at most " + MAX_CONTENT_BYTES + " bytes ("
                    + MAX_CONTENT_BYTES / 1024 + " KiB); this one has " + content.length);
        }
        long requestId = requestIds.incrementAndGet();
        JsonNode answer = ask(
                requestId,
                () -> out.artifactSave(
                        requestId,
                        name,
                        mediaType,
                        key.orElse(null),
                        Base64.getEncoder().encodeToString(content)));
        JsonNode artifact = answer.path("artifact");
        String path = artifact.path("path").asText();
        return new ArtifactRef(
                artifact.path("id").asText(),
                artifact.path("name").asText(),
                artifact.path("mediaType").asText(),
                artifact.path("sha256").asText(),
                artifact.path("size").asLong(),
                path,
                artifact.path("uri").asText(path));
    }

    /** See {@code OperationContext#loadArtifact}. */
    public Optional<byte[]> load(String key) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException("loading an artifact needs a non-empty key");
        }
        long requestId = requestIds.incrementAndGet();
        JsonNode answer = ask(requestId, () -> out.artifactLoad(requestId, key));
        JsonNode content = answer.get("contentBase64");
        return content == null || !content.isTextual()
                ? Optional.empty()
                : Optional.of(Base64.getDecoder().decode(content.asText()));
    }

    /**
     * Hands a parent line ({@code artifact-saved}, {@code artifact-loaded}, {@code artifact-failed}) to the request
     * waiting for it.
     *
     * @return {@code false} when no request waits for its {@code requestId} (e.g. it timed out)
     */
    public boolean answer(JsonNode message) {
        CompletableFuture<JsonNode> waiting =
                pending.remove(message.path("requestId").asLong(-1));
        if (waiting == null) {
            return false;
        }
        waiting.complete(message);
        return true;
    }

    private JsonNode ask(long requestId, Runnable send) {
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(requestId, answer);
        try {
            send.run();
            JsonNode message = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if ("artifact-failed".equals(message.path("type").asText())) {
                if (INVALID_ARGUMENT.equals(message.path("code").asText())) {
                    throw new IllegalArgumentException(message.path("message").asText("invalid artifact"));
                }
                throw new ArtifactException(message.path("message").asText("the worker could not handle the artifact"));
            }
            return message;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ArtifactException("interrupted while waiting for the worker: the child is shutting down");
        } catch (ExecutionException e) {
            throw new ArtifactException("the artifact request failed: " + e.getCause());
        } catch (TimeoutException e) {
            throw new ArtifactException("the worker did not answer the artifact request within " + timeout);
        } finally {
            pending.remove(requestId);
        }
    }
}
