from enum import StrEnum


class TodoProvider(StrEnum):
    ASANA = "asana"
    GOOGLE_TASKS = "google_tasks"
    MICROSOFT_TODO = "microsoft_todo"
    TODOIST = "todoist"
    TRELLO = "trello"

    def __str__(self) -> str:
        return str(self.value)
