package dev.taskgate.jobctl.input.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Wire;
import dev.taskgate.jobctl.input.OutstandingInput;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

/**
 * Plain-SQL access to {@code jobctl.input_request}. Requests and responses are sealed with the
 * {@link PayloadCipher} under the execution's id, so the table never holds them in the clear.
 */
@ApplicationScoped
public class InputRequestRepository {

    private final PayloadCipher cipher;

    InputRequestRepository(PayloadCipher cipher) {
        this.cipher = cipher;
    }

    /**
     * Stores a request unless one with the same operation key exists for this execution and epoch (a redelivered
     * report).
     *
     * @return whether a row was inserted
     */
    public Uni<Boolean> insert(
            SqlClient client,
            UUID executionId,
            long epoch,
            String childKey,
            String requestKey,
            JsonNode request,
            Instant at) {
        byte[] sealed = cipher.seal(executionId, PayloadKind.INPUT_REQUEST, Wire.toBytes(request));
        return client.preparedQuery("insert into jobctl.input_request (request_key, execution_id, epoch, child_key, "
                        + "request, created_at) values ($1, $2, $3, $4, $5, $6) "
                        + "on conflict (execution_id, epoch, child_key) do nothing")
                .execute(Tuple.of(requestKey, executionId, epoch, childKey, Buffer.buffer(sealed), ts(at)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** The unanswered requests of the execution under {@code epoch}, in the order they were asked. */
    public Uni<List<OutstandingInput>> outstanding(SqlClient client, UUID executionId, long epoch) {
        return client.preparedQuery("select request_key, child_key, request from jobctl.input_request "
                        + "where execution_id = $1 and epoch = $2 and response is null order by seq")
                .execute(Tuple.of(executionId, epoch))
                .map(rows -> {
                    List<OutstandingInput> list = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        byte[] request = cipher.open(
                                executionId,
                                PayloadKind.INPUT_REQUEST,
                                row.getBuffer("request").getBytes());
                        list.add(new OutstandingInput(
                                row.getString("request_key"), row.getString("child_key"), parse(request)));
                    }
                    return list;
                });
    }

    /**
     * Records the answer to a request that has none yet.
     *
     * @return whether it was recorded (false: already answered)
     */
    public Uni<Boolean> answer(SqlClient client, UUID executionId, String requestKey, JsonNode response, Instant at) {
        byte[] sealed = cipher.seal(executionId, PayloadKind.INPUT_RESPONSE, Wire.toBytes(response));
        return client.preparedQuery("update jobctl.input_request set response = $3, answered_at = $4 "
                        + "where request_key = $1 and execution_id = $2 and response is null")
                .execute(Tuple.of(requestKey, executionId, Buffer.buffer(sealed), ts(at)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Removes every request and response of these executions (their payloads are purged). */
    public Uni<Void> deleteFor(SqlClient client, List<UUID> executionIds) {
        if (executionIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return client.preparedQuery("delete from jobctl.input_request where execution_id = any($1)")
                .execute(Tuple.of(executionIds.toArray(UUID[]::new)))
                .replaceWithVoid();
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            return Wire.mapper().readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored input request is not JSON", e);
        }
    }

    private static OffsetDateTime ts(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
