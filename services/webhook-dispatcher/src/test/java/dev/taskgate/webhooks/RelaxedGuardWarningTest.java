package dev.taskgate.webhooks;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.webhooks.destination.RelaxedGuardWarning;

import static org.assertj.core.api.Assertions.assertThat;

/** The test profile relaxes both SSRF switches (for its loopback receivers): each is named in a start-up warning. */
@QuarkusTest
class RelaxedGuardWarningTest {
    @Inject
    RelaxedGuardWarning warning;

    @Test
    void namesEveryRelaxingSwitch() {
        assertThat(warning.warnings())
                .hasSize(2)
                .anySatisfy(w -> assertThat(w).contains("taskgate.webhooks.allow-private-destinations=true"))
                .anySatisfy(w -> assertThat(w).contains("taskgate.webhooks.allow-http-destinations=true"))
                .allSatisfy(w -> assertThat(w).startsWith("SSRF guard relaxed"));
    }
}
