package dev.taskgate.contracts.handle;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Surface;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExecutionHandlesTest {
    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final Caller ALICE = new Caller("https://taskgate.local/dev", "alice", "acme", "demo");
    private static final UUID ID = UUID.fromString("0190f3a4-6b2c-7d3e-8f40-123456789abc");

    private final ExecutionHandles handles = ExecutionHandles.withKey(KEY);

    @ParameterizedTest
    @EnumSource(Surface.class)
    void roundTripsForTheSameCallerAndSurface(Surface surface) {
        String handle = handles.mint(ID, surface, ALICE);

        assertThat(handle).startsWith("tgx_").hasSize(4 + 44).doesNotContain("=", "+", "/");
        assertThat(handles.verify(handle, surface, ALICE)).contains(ID);
    }

    @Test
    void keepsTheWireFormat() {
        // Computed independently (Python hmac): id ‖ 0x01 ‖ HMAC-SHA256(key, id ‖ 0x01 ‖ len ‖ principal ‖ len ‖
        // workspace)[0..16), base64url without padding. Handles already given out must keep verifying.
        assertThat(handles.mint(ID, Surface.REST, ALICE)).isEqualTo("tgx_AZDzpGssfT6PQBI0VniavAHMdGjU3zGr83aLzw5XHx8Z");
    }

    @ParameterizedTest
    @EnumSource(Surface.class)
    void mintingFromPrincipalAndWorkspaceEqualsMintingForTheCaller(Surface surface) {
        assertThat(handles.mint(ID, surface, ALICE.principal(), ALICE.workspace()))
                .isEqualTo(handles.mint(ID, surface, ALICE));
    }

    @Test
    void isStableAcrossInstancesWithTheSameKey() {
        assertThat(ExecutionHandles.withKey(KEY.clone()).mint(ID, Surface.REST, ALICE))
                .isEqualTo(handles.mint(ID, Surface.REST, ALICE));
    }

    @Test
    void changingAnyByteIsRejected() {
        String handle = handles.mint(ID, Surface.REST, ALICE);
        byte[] raw = Base64.getUrlDecoder().decode(handle.substring(4));
        for (int i = 0; i < raw.length; i++) {
            byte[] changed = raw.clone();
            changed[i] ^= 0x01;
            String tampered = "tgx_" + Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
            assertThat(handles.verify(tampered, Surface.REST, ALICE))
                    .as("byte %d changed", i)
                    .isEmpty();
        }
    }

    @Test
    void anotherPrincipalOrWorkspaceIsRejected() {
        String handle = handles.mint(ID, Surface.REST, ALICE);

        assertThat(handles.verify(
                        handle, Surface.REST, new Caller("https://taskgate.local/dev", "bob", "acme", "demo")))
                .isEmpty();
        assertThat(handles.verify(handle, Surface.REST, new Caller("https://other.example", "alice", "acme", "demo")))
                .isEmpty();
        assertThat(handles.verify(handle, Surface.REST, new Caller("https://taskgate.local/dev", "alice", "acme", "x")))
                .isEmpty();
        assertThat(handles.verify(
                        handle, Surface.REST, new Caller("https://taskgate.local/dev", "alice", "globex", "demo")))
                .isEmpty();
    }

    @Test
    void callerFieldsCannotBeShiftedBetweenPrincipalAndWorkspace() {
        // "iss su" + "bo/p" and "iss sub" + "o/p" concatenate to the same text; the length prefixes tell them apart.
        Caller a = new Caller("iss", "su", "bo", "p");
        Caller b = new Caller("iss", "sub", "o", "p");
        String handle = handles.mint(ID, Surface.REST, a);

        assertThat(handles.verify(handle, Surface.REST, b)).isEmpty();
    }

    @Test
    void anotherSurfaceIsRejected() {
        String rest = handles.mint(ID, Surface.REST, ALICE);
        String mcp = handles.mint(ID, Surface.MCP_2025, ALICE);

        assertThat(handles.verify(rest, Surface.MCP_2025, ALICE)).isEmpty();
        assertThat(handles.verify(rest, Surface.MCP_2026, ALICE)).isEmpty();
        assertThat(handles.verify(mcp, Surface.REST, ALICE)).isEmpty();
    }

    @Test
    void anotherKeyIsRejected() {
        byte[] other = KEY.clone();
        other[0] ^= 1;
        String handle = ExecutionHandles.withKey(other).mint(ID, Surface.REST, ALICE);

        assertThat(handles.verify(handle, Surface.REST, ALICE)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "tgx_",
                "tgx",
                "TGX_AAAA",
                "tgx_!!!!",
                "0190f3a4-6b2c-7d3e-8f40-123456789abc",
                "tgx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "tgx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            })
    void malformedHandlesAreRejected(String handle) {
        assertThat(handles.verify(handle, Surface.REST, ALICE)).isEmpty();
    }

    @Test
    void nullHandleIsRejected() {
        assertThat(handles.verify(null, Surface.REST, ALICE)).isEmpty();
    }

    @Test
    void paddedSpellingIsRejected() {
        String handle = handles.mint(ID, Surface.REST, ALICE);

        assertThat(handles.verify(handle + "=", Surface.REST, ALICE)).isEmpty();
    }

    @Test
    void keyMustBeBase64OfAtLeast32Bytes() {
        String short31 = Base64.getEncoder().encodeToString(new byte[31]);
        String ok32 = Base64.getEncoder().encodeToString(new byte[32]);

        assertThatThrownBy(() -> ExecutionHandles.withBase64Key(short31)).hasMessageContaining("at least 32 bytes");
        assertThatThrownBy(() -> ExecutionHandles.withBase64Key("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> ExecutionHandles.withBase64Key(null)).hasMessageContaining("empty");
        assertThatThrownBy(() -> ExecutionHandles.withBase64Key("not base64 !")).hasMessageContaining("base64");
        assertThat(ExecutionHandles.withBase64Key(ok32).mint(ID, Surface.REST, ALICE))
                .startsWith("tgx_");
    }

    @ParameterizedTest
    @EnumSource(Surface.class)
    void parseTellsWhatAHandleClaimsAndVerifyingAgainstTheOwnerAcceptsIt(Surface surface) {
        String handle = handles.mint(ID, surface, ALICE);

        assertThat(ExecutionHandles.parse(handle)).contains(new ExecutionHandles.Claimed(ID, surface));
        assertThat(handles.verify(handle, surface, ALICE.principal(), ALICE.workspace()))
                .contains(ID);
    }

    @Test
    void aParsedHandleStillFailsVerificationAgainstAnyoneButItsOwner() {
        String handle = handles.mint(ID, Surface.REST, ALICE);
        Caller bob = new Caller("https://taskgate.local/dev", "bob", "acme", "demo");

        assertThat(ExecutionHandles.parse(handle)).isPresent();
        assertThat(handles.verify(handle, Surface.REST, bob.principal(), bob.workspace()))
                .isEmpty();
        assertThat(handles.verify(handle, Surface.MCP_2026, ALICE.principal(), ALICE.workspace()))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "tgx_",
                "tgx_AZDzpGssfT6PQBI0VniavAHMdGjU3zGr83aLzw5XHx8Z=",
                "AZDzpGssfT6PQBI0VniavAHMdGjU3zGr83aLzw5XHx8Z",
                "tgx_AZDzpGssfT6PQBI0VniavAHMdGjU3zGr83aLzw5XHx8",
                "tgx_AZDzpGssfT6PQBI0VniavAnMdGjU3zGr83aLzw5XHx8Z",
                "0190f3a4-6b2c-7d3e-8f40-123456789abc"
            })
    void parseRejectsAnythingThatIsNotACanonicalHandleWithAKnownSurface(String text) {
        // the 7th: surface byte 0x09, which no surface has
        assertThat(ExecutionHandles.parse(text)).isEmpty();
    }
}
