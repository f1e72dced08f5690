from enum import StrEnum


class TaskListInSort(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"
    ID = "id"
    TITLE = "title"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-title"
    VALUE_7 = "-due_date"

    def __str__(self) -> str:
        return str(self.value)
