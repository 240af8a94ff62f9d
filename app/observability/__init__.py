"""Operations: request ids, structured logs and Prometheus metrics."""
