package dev.taskgate.serviceauth;

import java.security.KeyPair;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServiceKeysTest {
    private final KeyPair one = AssertionVerifierTest.generate();
    private final KeyPair two = AssertionVerifierTest.generate();

    @Test
    void trustedKeysAreGroupedByIssuerAndKeyId() {
        var trusted = ServiceKeys.trustedKeys(
                "mcp-frontend:a:" + x509(one) + ", mcp-frontend:b:" + x509(two) + ",worker-pool:a:" + x509(two));

        assertThat(trusted.get("mcp-frontend")).containsOnlyKeys("a", "b");
        assertThat(trusted.get("worker-pool").get("a")).isEqualTo(two.getPublic());
    }

    @Test
    void badConfigurationIsRefusedNamingTheEntry() {
        assertThatThrownBy(() -> ServiceKeys.trustedKeys(" , ")).hasMessageContaining("no trusted key");
        assertThatThrownBy(() -> ServiceKeys.trustedKeys("mcp-frontend")).hasMessageContaining("<issuer>:<keyId>");
        assertThatThrownBy(() -> ServiceKeys.trustedKeys("mcp-frontend:a:notbase64!"))
                .hasMessageContaining("mcp-frontend:a");
        assertThatThrownBy(
                        () -> ServiceKeys.trustedKeys("mcp-frontend:a:" + x509(one) + ",mcp-frontend:a:" + x509(two)))
                .hasMessageContaining("listed twice");
        assertThatThrownBy(() -> ServiceKeys.signingKey("no-colon")).hasMessageContaining("<keyId>:<base64 key>");
        assertThatThrownBy(() -> ServiceKeys.signingKey("k:" + x509(one)))
                .as("a public key is not a signing key")
                .hasMessageContaining("PKCS#8");
    }

    private static String x509(KeyPair pair) {
        return Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
    }
}
