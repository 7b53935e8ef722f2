package dev.taskgate.problem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.Problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ApiProblemTest {

    private enum Kind implements ProblemType {
        GONE("gone", "Gone", 410);

        private final String slug;
        private final String title;
        private final int status;

        Kind(String slug, String title, int status) {
            this.slug = slug;
            this.title = title;
            this.status = status;
        }

        @Override
        public String slug() {
            return slug;
        }

        @Override
        public String title() {
            return title;
        }

        @Override
        public int status() {
            return status;
        }
    }

    @Test
    void aTypeOfTheCatalogueMakesAProblemUnderTheCommonTypeBase() {
        ApiProblem problem = Kind.GONE.problem("It went away.");

        assertThat(problem.problem())
                .isEqualTo(new Problem(Problem.TYPE_BASE + "gone", "Gone", 410, "It went away.", null));
        assertThat(problem.status()).isEqualTo(410);
        assertThat(problem.extensions()).isEmpty();
        assertThat(problem.headers()).isEmpty();
    }

    @Test
    void membersAndHeadersAreAddedToACopy() {
        ApiProblem plain = Kind.GONE.problem("It went away.");

        ApiProblem rich = plain.with("errors", List.of(Map.of("pointer", "/a"))).withHeader("Retry-After", "3");

        assertThat(rich.extensions()).containsOnlyKeys("errors");
        assertThat(rich.headers()).containsEntry("Retry-After", "3");
        assertThat(plain.extensions()).isEmpty();
        assertThat(plain.headers()).isEmpty();
    }

    @Test
    void aProblemFromAnotherServicePassesUnchanged() {
        Problem received = new Problem(Problem.TYPE_BASE + "conflict", "Conflict", 409, "Busy.", "/x");

        assertThat(ApiProblem.from(received).problem()).isSameAs(received);
    }

    @Test
    void theExceptionCarriesTheProblemAndNamesItsTypeAndDetail() {
        ProblemException e = Kind.GONE.exception("It went away.");

        assertThat(e.problem().problem().detail()).isEqualTo("It went away.");
        assertThat(e).hasMessage(Problem.TYPE_BASE + "gone: It went away.");
        assertThat(e.getStackTrace()).isEmpty();
        assertThatThrownBy(() -> {
                    throw e;
                })
                .isSameAs(e);
    }
}
