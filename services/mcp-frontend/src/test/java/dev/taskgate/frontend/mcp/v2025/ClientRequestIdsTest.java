package dev.taskgate.frontend.mcp.v2025;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ids of server-to-client requests: any instance with the same key verifies them (replicas), and they name nothing
 * for another session, another key, after expiry or when a single character changes.
 */
class ClientRequestIdsTest {
    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes();
    private static final Instant NOW = Instant.parse("2026-12-01T08:00:00Z");
    private static final String SESSION = "s".repeat(43);
    private static final ClientRequestIds.Target TARGET =
            new ClientRequestIds.Target(UUID.randomUUID(), "confirm", "elicitation/create");

    private static ClientRequestIds at(Instant now, byte[] key) {
        return new ClientRequestIds(key, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void anotherInstanceWithTheSameKeyVerifiesWhatOneMinted() {
        String id = at(NOW, KEY).mint(SESSION, TARGET);

        assertThat(at(NOW.plusSeconds(60), KEY.clone()).verify(TextNode.valueOf(id), SESSION))
                .contains(TARGET);
    }

    @Test
    void anIdNamesNothingForAnotherSessionKeyOrAfterItsLifetime() {
        String id = at(NOW, KEY).mint(SESSION, TARGET);
        byte[] otherKey = KEY.clone();
        otherKey[0] ^= 1;

        assertThat(at(NOW, KEY).verify(TextNode.valueOf(id), "t".repeat(43))).isEmpty();
        assertThat(at(NOW, otherKey).verify(TextNode.valueOf(id), SESSION)).isEmpty();
        assertThat(at(NOW.plus(ClientRequestIds.LIFETIME).plusSeconds(1), KEY).verify(TextNode.valueOf(id), SESSION))
                .isEmpty();
    }

    @Test
    void aTamperedOrMalformedIdNamesNothing() {
        ClientRequestIds ids = at(NOW, KEY);
        String id = ids.mint(SESSION, TARGET);
        String[] parts = id.split("\\.");
        String forgedPayload = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(("{\"s\":\"x\",\"e\":\"" + UUID.randomUUID()
                                + "\",\"k\":\"confirm\",\"m\":\"elicitation/create\"," + "\"x\":9999999999}")
                        .getBytes());

        assertThat(ids.verify(TextNode.valueOf(parts[0] + "." + forgedPayload + "." + parts[2]), SESSION))
                .isEmpty();
        int inMac = id.lastIndexOf('.') + 5;
        assertThat(ids.verify(
                        TextNode.valueOf(id.substring(0, inMac)
                                + (id.charAt(inMac) == 'A' ? 'B' : 'A')
                                + id.substring(inMac + 1)),
                        SESSION))
                .isEmpty();
        char last = id.charAt(id.length() - 1);
        char sameBits = (char) (last ^ 1); // for most letters: another spelling of the same MAC bytes
        assertThat(ids.verify(TextNode.valueOf(id.substring(0, id.length() - 1) + sameBits), SESSION))
                .isEmpty();
        assertThat(ids.verify(TextNode.valueOf("tgq1.x"), SESSION)).isEmpty();
        assertThat(ids.verify(TextNode.valueOf("v1." + parts[1] + "." + parts[2]), SESSION))
                .isEmpty();
        assertThat(ids.verify(IntNode.valueOf(3), SESSION)).isEmpty();
        assertThat(ids.verify(null, SESSION)).isEmpty();
        assertThat(ids.verify(TextNode.valueOf("tgq1." + "A".repeat(5000) + ".x"), SESSION))
                .isEmpty();
    }
}
