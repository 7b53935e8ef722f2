package dev.taskgate.serviceauth;

import java.util.Base64;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServiceKeysTest {
    private final byte[] one = AssertionVerifierTest.generate();
    private final byte[] two = AssertionVerifierTest.generate();

    @Test
    void trustedKeysAreGroupedByIssuerAndKeyId() {
        var trusted = ServiceKeys.trustedKeys(
                "mcp-frontend:a:" + b64(one) + ", mcp-frontend:b:" + b64(two) + ",worker-pool:a:" + b64(two));

        assertThat(trusted.get("mcp-frontend")).containsOnlyKeys("a", "b");
        assertThat(trusted.get("worker-pool").get("a").getEncoded()).isEqualTo(two);
    }

    @Test
    void badConfigurationIsRefusedNamingTheEntry() {
        assertThatThrownBy(() -> ServiceKeys.trustedKeys(" , ")).hasMessageContaining("no trusted key");
        assertThatThrownBy(() -> ServiceKeys.trustedKeys("mcp-frontend")).hasMessageContaining("<issuer>:<keyId>");
        assertThatThrownBy(() -> ServiceKeys.trustedKeys("mcp-frontend:a:notbase64!"))
                .hasMessageContaining("mcp-frontend:a");
        assertThatThrownBy(() -> ServiceKeys.trustedKeys(
                        "mcp-frontend:a:" + Base64.getEncoder().encodeToString(new byte[16])))
                .hasMessageContaining("at least 32");
        assertThatThrownBy(() -> ServiceKeys.trustedKeys("mcp-frontend:a:" + b64(one) + ",mcp-frontend:a:" + b64(two)))
                .hasMessageContaining("listed twice");
        assertThatThrownBy(() -> ServiceKeys.signingKey("no-colon")).hasMessageContaining("<keyId>:<base64 key>");
        assertThatThrownBy(() -> ServiceKeys.signingKey("k:c2hvcnQ=")).hasMessageContaining("at least 32");
    }

    private static String b64(byte[] key) {
        return Base64.getEncoder().encodeToString(key);
    }
}
