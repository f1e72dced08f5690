from enum import StrEnum


class TimerStatus(StrEnum):
    RUNNING = "running"
    STOPPED = "stopped"

    def __str__(self) -> str:
        return str(self.value)
