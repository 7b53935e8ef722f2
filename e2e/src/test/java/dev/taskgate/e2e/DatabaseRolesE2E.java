package dev.taskgate.e2e;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.DevDatabaseRoles.Role;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Least privilege in PostgreSQL (docs/security.md "Database roles"), on the database of the running stack after
 * both services migrated it as their own roles: each role reads and writes its own schema, is refused the other's,
 * and can create nothing outside its schema.
 */
@ExtendWith(LocalStack.class)
class DatabaseRolesE2E {
    /** SQLSTATE insufficient_privilege. */
    private static final String DENIED = "42501";

    @Test
    void webhookDispatcherRoleIsDeniedJobControlSchema() throws SQLException {
        try (Connection c = DevDatabaseRoles.WEBHOOKS.connect(LocalStack.jdbcUrl())) {
            assertDenied(c, "select count(*) from jobctl.execution", "permission denied for schema jobctl");
            assertDenied(c, "delete from jobctl.outbox", "permission denied for schema jobctl");
            assertThat(count(c, "select count(*) from webhooks.subscription")).isNotNegative();
        }
    }

    @Test
    void jobControlRoleIsDeniedWebhooksSchema() throws SQLException {
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(LocalStack.jdbcUrl())) {
            assertDenied(c, "select count(*) from webhooks.subscription", "permission denied for schema webhooks");
            assertThat(count(c, "select count(*) from jobctl.execution")).isNotNegative();
        }
    }

    @Test
    void neitherRoleCreatesAnythingOutsideItsSchema() throws SQLException {
        for (Role role : List.of(DevDatabaseRoles.JOBCTL, DevDatabaseRoles.WEBHOOKS)) {
            try (Connection c = role.connect(LocalStack.jdbcUrl())) {
                assertDenied(c, "create table public.stray (id int)", "permission denied for schema public");
                assertDenied(c, "create table stray (id int)", null);
                assertDenied(c, "create schema stray", "permission denied for database");
                assertDenied(c, "create temporary table stray (id int)", "permission denied to create temporary");
            }
        }
    }

    @Test
    void eachRoleOwnsItsSchemaAndEverythingInItAndNothingMore() throws SQLException {
        // the admin role only reads the catalog here: no service role may see the other's objects
        try (Connection c = DevDatabaseRoles.ADMIN.connect(LocalStack.jdbcUrl())) {
            assertThat(strings(c, "select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'jobctl'"))
                    .containsExactly("taskgate_jobctl");
            assertThat(strings(c, "select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'webhooks'"))
                    .containsExactly("taskgate_webhooks");
            assertThat(strings(
                            c,
                            "select distinct pg_get_userbyid(c.relowner) from pg_class c"
                                    + " join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'jobctl'"))
                    .containsExactly("taskgate_jobctl");
            assertThat(strings(
                            c,
                            "select distinct pg_get_userbyid(c.relowner) from pg_class c"
                                    + " join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'webhooks'"))
                    .containsExactly("taskgate_webhooks");
            // the migrations ran: Flyway's history and the services' tables are there, owned as above
            assertThat(strings(
                            c,
                            "select table_schema || '.' || table_name from information_schema.tables"
                                    + " where table_name in ('flyway_schema_history', 'execution', 'subscription')"
                                    + " order by 1"))
                    .containsExactly(
                            "jobctl.execution",
                            "jobctl.flyway_schema_history",
                            "webhooks.flyway_schema_history",
                            "webhooks.subscription");
            assertThat(strings(c, "select pg_get_userbyid(datdba) from pg_database where datname = current_database()"))
                    .containsExactly("postgres");
            assertThat(strings(
                            c,
                            "select rolname || ' ' || rolsuper || rolcreatedb || rolcreaterole || rolbypassrls"
                                    + " from pg_roles where rolname like 'taskgate\\_%' order by 1"))
                    .containsExactly("taskgate_jobctl falsefalsefalsefalse", "taskgate_webhooks falsefalsefalsefalse");
        }
    }

    private static void assertDenied(Connection c, String sql, String message) {
        assertThatThrownBy(() -> {
                    try (Statement s = c.createStatement()) {
                        s.execute(sql);
                    }
                })
                .as(sql)
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).as(sql).isEqualTo(DENIED);
                    if (message != null) {
                        assertThat(e.getMessage()).as(sql).contains(message);
                    }
                });
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                values.add(r.getString(1));
            }
        }
        return values;
    }
}
