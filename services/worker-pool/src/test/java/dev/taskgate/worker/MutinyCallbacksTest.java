package dev.taskgate.worker;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.testsupport.MutinyDecorators;

import static org.assertj.core.api.Assertions.assertThat;

/** Mutiny runs callbacks as they are: application.properties removes the decorator it would load to wrap them. */
@QuarkusTest
class MutinyCallbacksTest {
    @Test
    void mutinyFindsNoCallbackDecoratorToLoad() throws IOException {
        assertThat(MutinyDecorators.loadable()).isEmpty();
    }
}
